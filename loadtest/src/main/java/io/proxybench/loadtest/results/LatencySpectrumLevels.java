package io.proxybench.loadtest.results;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.TreeSet;

/**
 * The percentiles a latency spectrum is taken at, in percent: 0 %, then every "halving" of the
 * distance to 100 % (50, 75, 87.5, ...) cut into {@link #TICKS_PER_HALVING} equal steps, the same
 * shape as HdrHistogram's percentile distribution, up to {@link #TOP} %. The named percentiles
 * (50, 75, 90, 99, 99.9, 99.99, 99.999) are always among them, so a table or a comparison reads
 * them from the file without interpolating. Every generator is asked for these same levels, so
 * spectra of different runs line up point for point.
 */
public final class LatencySpectrumLevels {

    /** Steps per halving: enough for a smooth line on a log "nines" axis, 86 points in all. */
    public static final int TICKS_PER_HALVING = 5;
    /** The highest level below the maximum: beyond it few runs hold enough requests to mean anything. */
    public static final double TOP = 99.999;

    public static final List<Double> NAMED = List.of(50.0, 75.0, 90.0, 99.0, 99.9, 99.99, 99.999);

    private static final List<Double> LEVELS = compute();

    private LatencySpectrumLevels() {}

    /** Ascending, from 0 to {@link #TOP}; each rounded to 6 decimals so it prints and parses unchanged. */
    public static List<Double> levels() {
        return LEVELS;
    }

    /** A level as written in files and handed to generators: no exponent, no trailing zeros. */
    public static String text(double percent) {
        BigDecimal d =
                BigDecimal.valueOf(percent).setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros();
        return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
    }

    private static List<Double> compute() {
        TreeSet<Double> levels = new TreeSet<>();
        // halving k spans [100(1 - 2^-k), 100(1 - 2^-(k+1))); its ticks are equal steps of 100·2^-(k+1)/TICKS
        for (int k = 0; ; k++) {
            double start = 100 * (1 - Math.pow(2, -k));
            if (round(start) > TOP) {
                break;
            }
            double tick = 100 * Math.pow(2, -(k + 1)) / TICKS_PER_HALVING;
            for (int j = 0; j < TICKS_PER_HALVING; j++) {
                double level = round(start + j * tick);
                if (level <= TOP) {
                    levels.add(level);
                }
            }
        }
        levels.addAll(NAMED);
        return List.copyOf(levels);
    }

    private static double round(double percent) {
        return BigDecimal.valueOf(percent).setScale(6, RoundingMode.HALF_EVEN).doubleValue();
    }
}
