package io.proxybench.loadtest.report.chart;

import io.proxybench.loadtest.results.Sample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * The x values of a front end's time charts: seconds since its first sample, with long gaps
 * (another front end's turn) cut out. A cut is an extra x entry whose y is null, which makes
 * XChart break the line there instead of drawing across the gap.
 *
 * @param xValues     all x values, cuts included
 * @param sampleIndex for each sample, its position in {@code xValues}
 * @param sampleX     for each sample, its x value
 */
record TimeAxis(List<Double> xValues, int[] sampleIndex, double[] sampleX) {

    /** Gaps longer than this many typical intervals (and at least 5 s) are cut. */
    private static final int GAP_INTERVALS = 5;

    private static final long MIN_GAP_MS = 5000;

    static TimeAxis of(List<Sample> samples) {
        long typical = typicalInterval(samples);
        long gap = Math.max(MIN_GAP_MS, GAP_INTERVALS * typical);
        List<Double> xValues = new ArrayList<>();
        int[] index = new int[samples.size()];
        double[] at = new double[samples.size()];
        double t = 0;
        for (int i = 0; i < samples.size(); i++) {
            if (i > 0) {
                long dt = samples.get(i).epochMs() - samples.get(i - 1).epochMs();
                if (dt > gap) {
                    xValues.add(t + typical / 2000.0);
                    t += typical / 1000.0;
                } else {
                    t += dt / 1000.0;
                }
            }
            index[i] = xValues.size();
            at[i] = t;
            xValues.add(t);
        }
        return new TimeAxis(xValues, index, at);
    }

    double xOfSample(int i) {
        return sampleX[i];
    }

    /** y values aligned with {@link #xValues()}: null at the cuts and where the cell was empty. */
    List<Double> values(List<Sample> samples, Function<Sample, Double> value) {
        List<Double> y = new ArrayList<>(xValues.size());
        for (int i = 0; i < xValues.size(); i++) {
            y.add(null);
        }
        for (int i = 0; i < samples.size(); i++) {
            Double v = value.apply(samples.get(i));
            y.set(sampleIndex[i], v != null && Double.isFinite(v) ? v : null);
        }
        return y;
    }

    private static long typicalInterval(List<Sample> samples) {
        if (samples.size() < 2) {
            return 1000;
        }
        long[] dts = new long[samples.size() - 1];
        for (int i = 1; i < samples.size(); i++) {
            dts[i - 1] = samples.get(i).epochMs() - samples.get(i - 1).epochMs();
        }
        Arrays.sort(dts);
        long median = dts[dts.length / 2];
        return median > 0 ? median : 1000;
    }
}
