package io.proxybench.loadtest.sample;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The wall-clock span of one step. A sample belongs to the step when the middle of the second it
 * covers lies inside the span, so a sample straddling the start or the end counts for the side it
 * mostly describes.
 */
public record StepWindow(long startMs, long endMs) {

    public boolean contains(SampleRow row) {
        long mid = row.midpointMs();
        return mid >= startMs && mid <= endMs;
    }

    public List<SampleRow> slice(List<SampleRow> rows, String frontEnd) {
        return rows.stream().filter(r -> Objects.equals(r.frontEnd(), frontEnd)).filter(this::contains).toList();
    }

    public double seconds() {
        return (endMs - startMs) / 1000.0;
    }

    /** Mean of the measured values; null when no row measured it. */
    public static Double mean(List<SampleRow> rows, Function<SampleRow, ? extends Number> figure) {
        double sum = 0;
        int n = 0;
        for (SampleRow row : rows) {
            Number value = figure.apply(row);
            if (value != null && Double.isFinite(value.doubleValue())) {
                sum += value.doubleValue();
                n++;
            }
        }
        return n == 0 ? null : sum / n;
    }
}
