package io.proxybench.loadtest.report;

import java.util.Locale;

/**
 * How figures are written in tables: fixed decimals, no grouping, a dash for "not measured".
 * Locale-independent so that a report reads (and diffs) the same on every machine.
 */
public final class FigureFormat {

    /** What an absent figure prints as. */
    public static final String NONE = "-";

    private FigureFormat() {}

    public static String decimals(Double value, int decimals) {
        if (value == null || value.isNaN() || value.isInfinite()) {
            return NONE;
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    public static String integer(Number value) {
        if (value == null) {
            return NONE;
        }
        if (value instanceof Double d && (d.isNaN() || d.isInfinite())) {
            return NONE;
        }
        return Long.toString(Math.round(value.doubleValue()));
    }

    /** A signed percentage change, e.g. {@code +4.2%}, {@code -10.0%}. */
    public static String signedPercent(Double pct) {
        if (pct == null || pct.isNaN() || pct.isInfinite()) {
            return NONE;
        }
        return String.format(Locale.ROOT, "%+.1f%%", pct);
    }

    /** A ratio such as {@code 1.81×}. */
    public static String ratio(double ratio) {
        return String.format(Locale.ROOT, "%.2f\u00d7", ratio);
    }
}
