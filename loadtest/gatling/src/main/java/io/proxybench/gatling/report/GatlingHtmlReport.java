package io.proxybench.gatling.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures of a Gatling HTML report, read from its tables. Gatling 3.15 keeps its statistics only
 * in the binary {@code simulation.log} and in the report's HTML ({@code js/stats.json} is gone), so
 * the tables are the one readable source: what is read here is exactly what the report shows.
 *
 * <p>Columns and rows are found by their header text, never by position. The percentile headers
 * follow {@code gatling.charting.indicators.percentile1..4}, which this module sets to 50, 75, 90, 99.
 */
public final class GatlingHtmlReport {

    static final String INDEX = "index.html";
    /** Stands for failures the statistics count but the errors table does not name. */
    public static final String UNLISTED = "failures not listed in the report's errors table";

    private static final Pattern HEADER = Pattern.compile("<th id=\"col-(\\d+)\"[^>]*>(.*?)</th>", Pattern.DOTALL);
    private static final Pattern ROW = Pattern.compile("<tr id=\"([^\"]+)\"[^>]*>(.*?)</tr>", Pattern.DOTALL);
    private static final Pattern NAME = Pattern.compile("class=\"ellipsed-name\">(.*?)</span>", Pattern.DOTALL);
    private static final Pattern LINK = Pattern.compile("<a href=\"([^\"]+)\"");
    private static final Pattern CELL = Pattern.compile("<td class=\"value[^\"]*\\bcol-(\\d+)\">([^<]*)</td>");
    private static final Pattern PAGE_ROW =
            Pattern.compile("<td class=\"title\">([^<]*)(?:</abbr>)?</td>\\s*<td class=\"total\">([^<]*)</td>\\s*"
                    + "<td class=\"ok\">([^<]*)</td>\\s*<td class=\"ko\">([^<]*)</td>");
    private static final Pattern ERROR_ROW = Pattern.compile(
            "<td class=\"error-col-1[^\"]*\">(.*?)<span class=\"value\".*?"
                    + "<td class=\"value error-col-2[^\"]*\">([^<]*)</td>",
            Pattern.DOTALL);
    private static final Pattern TAG = Pattern.compile("<[^>]*>");

    /** Header texts of the index table and of a request page's table, in {@link Latency}'s order. */
    private static final List<String> INDEX_TIMES =
            List.of("Min", "Mean", "50th pct", "75th pct", "90th pct", "99th pct", "Max", "Std Dev");

    private static final List<String> PAGE_TIMES = List.of(
            "Min",
            "Mean",
            "50th percentile",
            "75th percentile",
            "90th percentile",
            "99th percentile",
            "Max",
            "Standard Deviation");
    private static final String TOTAL = "Total";
    private static final String OK = "OK";
    private static final String KO = "KO";

    private final Path dir;
    private final List<RequestStats> requests;

    private GatlingHtmlReport(Path dir, List<RequestStats> requests) {
        this.dir = dir;
        this.requests = List.copyOf(requests);
    }

    /** Reads {@code index.html} of the report in {@code dir}. */
    public static GatlingHtmlReport read(Path dir) throws IOException, ReportFormatException {
        Path index = dir.resolve(INDEX);
        String html = Files.readString(index, StandardCharsets.UTF_8);
        Map<String, Integer> columns = columns(html, index);
        String body = section(html, "id=\"container_statistics_body\"", "</table>", index);
        List<RequestStats> requests = new ArrayList<>();
        Matcher row = ROW.matcher(body);
        while (row.find()) {
            requests.add(request(row.group(2), columns, index));
        }
        return new GatlingHtmlReport(dir, requests);
    }

    public Path dir() {
        return dir;
    }

    /** Every request name of the run, in the report's order. */
    public List<RequestStats> requests() {
        return requests;
    }

    /** The request's own page: latency of its successes, and its failures by message. */
    public RequestPage page(RequestStats request) throws IOException, ReportFormatException {
        Path page = dir.resolve(request.page());
        String html = Files.readString(page, StandardCharsets.UTF_8);
        return new RequestPage(
                request.succeeded() == 0 ? null : okLatency(html, page), errors(html, page, request.failed()));
    }

    private static Latency okLatency(String html, Path page) throws ReportFormatException {
        Map<String, String> ok = new HashMap<>();
        Matcher m = PAGE_ROW.matcher(html);
        while (m.find()) {
            ok.put(m.group(1).trim(), m.group(3).trim());
        }
        double[] values = new double[PAGE_TIMES.size()];
        for (int i = 0; i < values.length; i++) {
            String text = ok.get(PAGE_TIMES.get(i));
            Double value = text == null ? null : millis(text, page.toString());
            if (value == null) {
                throw new ReportFormatException(
                        page + ": no OK '" + PAGE_TIMES.get(i) + "' in the response time table");
            }
            values[i] = value;
        }
        return latency(values);
    }

    private static List<ErrorCount> errors(String html, Path page, long failed) throws ReportFormatException {
        if (failed == 0) {
            return List.of();
        }
        String table = section(html, "id=\"container_errors\"", "</table>", page);
        List<ErrorCount> errors = new ArrayList<>();
        Matcher m = ERROR_ROW.matcher(table);
        while (m.find()) {
            errors.add(new ErrorCount(unescape(m.group(1).trim()), count(m.group(2), page + ": error count")));
        }
        long listed = errors.stream().mapToLong(ErrorCount::count).sum();
        if (listed > failed) {
            throw new ReportFormatException(
                    page + ": errors table lists " + listed + " failures, the statistics " + failed);
        }
        if (listed < failed) {
            errors.add(new ErrorCount(UNLISTED, failed - listed));
        }
        return errors;
    }

    private static Map<String, Integer> columns(String html, Path file) throws ReportFormatException {
        String head = section(html, "id=\"container_statistics_head\"", "</thead>", file);
        Map<String, Integer> columns = new HashMap<>();
        Matcher m = HEADER.matcher(head);
        while (m.find()) {
            columns.put(unescape(TAG.matcher(m.group(2)).replaceAll("").trim()), Integer.parseInt(m.group(1)));
        }
        List<String> needed = new ArrayList<>(List.of(TOTAL, OK, KO));
        needed.addAll(INDEX_TIMES);
        for (String column : needed) {
            if (!columns.containsKey(column)) {
                throw new ReportFormatException(file + ": statistics table has no '" + column + "' column (has "
                        + columns.keySet() + "); gatling.conf must set the percentiles to 50, 75, 90, 99");
            }
        }
        return columns;
    }

    private static RequestStats request(String row, Map<String, Integer> columns, Path file)
            throws ReportFormatException {
        Matcher name = NAME.matcher(row);
        Matcher link = LINK.matcher(row);
        if (!name.find() || !link.find()) {
            throw new ReportFormatException(file + ": a statistics row without a request name or page link");
        }
        Map<Integer, String> cells = new HashMap<>();
        Matcher cell = CELL.matcher(row);
        while (cell.find()) {
            cells.put(Integer.parseInt(cell.group(1)), cell.group(2).trim());
        }
        String requestName = unescape(name.group(1).trim());
        String where = file + ", request " + requestName;
        long total = count(cell(cells, columns, TOTAL, where), where);
        Latency latency = null;
        if (total > 0) {
            double[] values = new double[INDEX_TIMES.size()];
            for (int i = 0; i < values.length; i++) {
                Double value = millis(cell(cells, columns, INDEX_TIMES.get(i), where), where);
                if (value == null) {
                    throw new ReportFormatException(where + ": no '" + INDEX_TIMES.get(i) + "' value");
                }
                values[i] = value;
            }
            latency = latency(values);
        }
        return new RequestStats(
                requestName,
                total,
                count(cell(cells, columns, OK, where), where),
                count(cell(cells, columns, KO, where), where),
                latency,
                unescape(link.group(1)));
    }

    private static Latency latency(double[] v) {
        return new Latency(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
    }

    private static String cell(Map<Integer, String> cells, Map<String, Integer> columns, String column, String where)
            throws ReportFormatException {
        String value = cells.get(columns.get(column));
        if (value == null) {
            throw new ReportFormatException(where + ": no '" + column + "' cell");
        }
        return value;
    }

    private static long count(String text, String where) throws ReportFormatException {
        String digits = text.replace(",", "");
        if (digits.equals("-")) {
            return 0;
        }
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new ReportFormatException(where + ": not a count: '" + text + "'");
        }
    }

    private static Double millis(String text, String where) throws ReportFormatException {
        String digits = text.replace(",", "");
        if (digits.equals("-") || digits.isEmpty()) {
            return null;
        }
        try {
            return Double.parseDouble(digits);
        } catch (NumberFormatException e) {
            throw new ReportFormatException(where + ": not a time in ms: '" + text + "'");
        }
    }

    private static String section(String html, String start, String end, Path file) throws ReportFormatException {
        int from = html.indexOf(start);
        if (from < 0) {
            throw new ReportFormatException(file + ": no element with " + start);
        }
        int to = html.indexOf(end, from);
        return html.substring(from, to < 0 ? html.length() : to);
    }

    static String unescape(String text) {
        return text.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&#x27;", "'")
                .replace("&apos;", "'")
                .replace("&amp;", "&");
    }
}
