package io.proxybench.loadtest.report;

import java.util.List;

/**
 * A pipe table padded to column width, so the same text is valid Markdown and reads as an
 * aligned table on a terminal.
 */
public final class MarkdownTable {

    private MarkdownTable() {}

    /**
     * @param headers column headers
     * @param numeric per column: right-align (numbers) or left-align (text)
     * @param rows    cells, one list per row, same length as headers
     */
    public static String render(List<String> headers, List<Boolean> numeric, List<List<String>> rows) {
        int n = headers.size();
        int[] width = new int[n];
        for (int i = 0; i < n; i++) {
            width[i] = Math.max(3, escape(headers.get(i)).length());
        }
        for (List<String> row : rows) {
            for (int i = 0; i < n; i++) {
                width[i] = Math.max(width[i], escape(cell(row, i)).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, headers, numeric, width);
        out.append('|');
        for (int i = 0; i < n; i++) {
            out.append(numeric.get(i) ? "-".repeat(width[i] + 1) + ":" : ":" + "-".repeat(width[i] + 1))
                    .append('|');
        }
        out.append('\n');
        for (List<String> row : rows) {
            line(out, row, numeric, width);
        }
        return out.toString();
    }

    private static void line(StringBuilder out, List<String> cells, List<Boolean> numeric, int[] width) {
        out.append('|');
        for (int i = 0; i < width.length; i++) {
            String v = escape(cell(cells, i));
            String pad = " ".repeat(width[i] - v.length());
            out.append(' ').append(numeric.get(i) ? pad + v : v + pad).append(" |");
        }
        out.append('\n');
    }

    private static String cell(List<String> row, int i) {
        return i < row.size() && row.get(i) != null ? row.get(i) : "";
    }

    /** A pipe inside a cell would end the cell; a newline would end the table. */
    static String escape(String s) {
        return s.replace("|", "\\|").replaceAll("[\\r\\n]+", " ");
    }
}
