package io.proxybench.loadtest.results;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** One CSV cell (RFC 4180): empty for null, plain decimals for numbers, quotes where a label needs them. */
public final class CsvCells {

    private CsvCells() {
    }

    public static String cell(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (!Double.isFinite(d)) {
                return "";
            }
            // three decimals are below every figure's resolution; never scientific notation
            return BigDecimal.valueOf(d).setScale(3, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
        }
        String text = value.toString();
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return '"' + text.replace("\"", "\"\"") + '"';
        }
        return text;
    }
}
