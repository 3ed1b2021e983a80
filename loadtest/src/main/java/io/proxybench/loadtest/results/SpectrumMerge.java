package io.proxybench.loadtest.results;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Several generators' latency spectra of the same step as one, weighted by their request counts:
 * at a latency {@code v} the merged share of requests answered by {@code v} is the count-weighted
 * mean of each spectrum's share, and each level of {@link LatencySpectrumLevels} is read off that.
 * Approximate: a spectrum holds chosen quantiles only, so each one's share at {@code v} is taken as
 * its highest level at or below {@code v} — never more than the truth, which makes every merged
 * point an upper bound within one level step. The result is marked not exact.
 */
public final class SpectrumMerge {

    /** steps.json's {@code latencyMerge} of a step split across generator boxes: merged from full histograms. */
    public static final String EXACT = "exact";
    /** ... merged from spectra by this class. */
    public static final String APPROXIMATE = "approximate";

    private SpectrumMerge() {}

    /** The merged spectrum; {@code source} names who measured the parts. */
    public static LatencySpectrum merge(List<LatencySpectrum> parts, String source) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("no spectrum to merge");
        }
        long total = parts.stream().mapToLong(LatencySpectrum::count).sum();
        double max = parts.stream().mapToDouble(LatencySpectrum::maxUs).max().orElse(0);
        TreeSet<Double> candidates = new TreeSet<>();
        for (LatencySpectrum part : parts) {
            part.points().forEach(p -> candidates.add(p.valueUs()));
            candidates.add(part.maxUs());
        }
        List<double[]> cdf = new ArrayList<>();
        for (double v : candidates) {
            cdf.add(new double[] {v, shareAt(parts, total, v)});
        }
        List<LatencySpectrum.Point> points = new ArrayList<>();
        for (double level : LatencySpectrumLevels.levels()) {
            double value = max;
            for (double[] c : cdf) {
                if (c[1] >= level - 1e-9) {
                    value = c[0];
                    break;
                }
            }
            points.add(new LatencySpectrum.Point(level, value));
        }
        return new LatencySpectrum(source, false, total, max, points);
    }

    /** Percent of all requests answered within {@code v}, as far as the spectra tell. */
    static double shareAt(List<LatencySpectrum> parts, long total, double v) {
        if (total <= 0) {
            return 0;
        }
        double weighted = 0;
        for (LatencySpectrum part : parts) {
            weighted += part.count() * shareAt(part, v);
        }
        return weighted / total;
    }

    private static double shareAt(LatencySpectrum part, double v) {
        if (v >= part.maxUs()) {
            return 100;
        }
        double share = 0;
        for (LatencySpectrum.Point p : part.points()) {
            if (p.valueUs() <= v) {
                share = p.percentile();
            }
        }
        return share;
    }
}
