package io.proxybench.core.metrics;

import com.codahale.metrics.Snapshot;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/** Dropwizard's view of one HdrHistogram: quantiles, extremes and moments read off its counts. */
final class HistogramSnapshot extends Snapshot {

    /**
     * A histogram can hold millions of values; {@link #getValues()} lists at most this many, taken
     * at evenly spaced quantiles, so a reader that asks for them all gets the same distribution in
     * bounded memory.
     */
    static final int MAX_LISTED_VALUES = 65_536;

    private final Histogram histogram;

    HistogramSnapshot(Histogram histogram) {
        this.histogram = histogram;
    }

    @Override
    public double getValue(double quantile) {
        if (quantile < 0.0 || quantile > 1.0 || Double.isNaN(quantile)) {
            throw new IllegalArgumentException(quantile + " is not in [0..1]");
        }
        return histogram.getValueAtPercentile(quantile * 100.0);
    }

    @Override
    public long[] getValues() {
        long total = histogram.getTotalCount();
        if (total > MAX_LISTED_VALUES) {
            long[] values = new long[MAX_LISTED_VALUES];
            for (int i = 0; i < values.length; i++) {
                values[i] = histogram.getValueAtPercentile((i + 0.5) * 100.0 / values.length);
            }
            return values;
        }
        long[] values = new long[(int) total];
        int at = 0;
        for (HistogramIterationValue v : histogram.recordedValues()) {
            long value = histogram.highestEquivalentValue(v.getValueIteratedTo());
            for (long n = 0; n < v.getCountAtValueIteratedTo(); n++) {
                values[at++] = value;
            }
        }
        return values;
    }

    @Override
    public int size() {
        return (int) Math.min(histogram.getTotalCount(), Integer.MAX_VALUE);
    }

    @Override
    public long getMax() {
        return histogram.getMaxValue();
    }

    @Override
    public double getMean() {
        return histogram.getMean();
    }

    @Override
    public long getMin() {
        return histogram.getMinValue();
    }

    @Override
    public double getStdDev() {
        return histogram.getStdDeviation();
    }

    @Override
    public void dump(OutputStream output) {
        try (PrintWriter out = new PrintWriter(new OutputStreamWriter(output, StandardCharsets.UTF_8))) {
            for (long value : getValues()) {
                out.println(value);
            }
        }
    }
}
