package io.proxybench.loadtest.sample;

import io.proxybench.loadtest.results.Sample;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The wall-clock span of one step. A sample belongs to the step when the middle of the second it
 * covers lies inside the span, so a sample straddling the start or the end counts for the side it
 * mostly describes.
 */
public record StepWindow(long startMs, long endMs) {

    /** Share of the span that samples must cover for a {@link #total} over it to stand. */
    static final double MIN_COVERAGE = 0.8;

    public boolean contains(Sample row) {
        long mid = row.midpointMs();
        return mid >= startMs && mid <= endMs;
    }

    public List<Sample> slice(List<Sample> rows, String frontEnd) {
        return rows.stream()
                .filter(r -> Objects.equals(r.frontEnd(), frontEnd))
                .filter(this::contains)
                .toList();
    }

    public double seconds() {
        return (endMs - startMs) / 1000.0;
    }

    /**
     * How much of a per-second figure accrued inside the span (CPU seconds from a CPU share, GC
     * milliseconds from GC ms/s): each row's rate times the part of its interval that lies inside, so
     * that a span narrower than the step, or cutting through a second, takes only its own part. Rows
     * without the figure are made up at the mean rate of the others. Null when the rows that measured
     * it cover less than {@link #MIN_COVERAGE} of the span.
     */
    public Double total(List<Sample> rows, Function<Sample, ? extends Number> perSecond) {
        long spanMs = endMs - startMs;
        if (spanMs <= 0) {
            return null;
        }
        double amount = 0;
        long coveredMs = 0;
        for (Sample row : rows) {
            long from = Math.max(startMs, row.epochMs() - row.intervalMs());
            long to = Math.min(endMs, row.epochMs());
            Number value = perSecond.apply(row);
            if (to <= from || value == null || !Double.isFinite(value.doubleValue())) {
                continue;
            }
            amount += value.doubleValue() * (to - from) / 1000.0;
            coveredMs += to - from;
        }
        if (coveredMs < MIN_COVERAGE * spanMs) {
            return null;
        }
        return amount * spanMs / coveredMs;
    }

    /** {@link #total} per second of the span: a rate over the span from rates over seconds. */
    public Double rate(List<Sample> rows, Function<Sample, ? extends Number> perSecond) {
        Double total = total(rows, perSecond);
        return total == null || seconds() <= 0 ? null : total / seconds();
    }

    /** Mean of the measured values; null when no row measured it. */
    public static Double mean(List<Sample> rows, Function<Sample, ? extends Number> figure) {
        double sum = 0;
        int n = 0;
        for (Sample row : rows) {
            Number value = figure.apply(row);
            if (value != null && Double.isFinite(value.doubleValue())) {
                sum += value.doubleValue();
                n++;
            }
        }
        return n == 0 ? null : sum / n;
    }
}
