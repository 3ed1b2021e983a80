package io.proxybench.loadtest.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The whole latency distribution of one (front end, step): the latency at each level of
 * {@link LatencySpectrumLevels} and the maximum, in microseconds, as {@code latency-<step>.json} in
 * the front end's raw directory (docs/results-format.md, "Latency spectra"). This one type writes
 * and reads the file.
 *
 * @param source    who measured it: {@code wrk}, {@code builtin}
 * @param exact     true when taken from a full histogram (HdrHistogram: every point within its
 *                  precision); false for wrk, whose script reports chosen quantiles only
 * @param count     requests the distribution holds
 * @param maxUs     the slowest request
 * @param points    ascending by percentile, latency never decreasing
 */
public record LatencySpectrum(String source, boolean exact, long count, double maxUs, List<Point> points) {

    /** The format's name and version, the first field of every file. */
    public static final String FORMAT = "proxybench-latency-spectrum/1";

    private static final String PREFIX = "latency-";
    private static final String SUFFIX = ".json";

    /** Latency {@code valueUs} at or below which {@code percentile} % of the requests were answered. */
    public record Point(double percentile, double valueUs) {}

    public LatencySpectrum {
        points = List.copyOf(points);
    }

    /** The file name of a step's spectrum: {@code latency-700.json}, {@code latency-700.r2.json}. */
    public static String fileName(String stepName) {
        return PREFIX + stepName + SUFFIX;
    }

    /** True for a file named by {@link #fileName}. */
    public static boolean isSpectrumFile(Path file) {
        String name = file.getFileName().toString();
        return name.startsWith(PREFIX) && name.endsWith(SUFFIX) && name.length() > PREFIX.length() + SUFFIX.length();
    }

    /**
     * The latency at {@code percentile} %: the point at that level, else the next level above it
     * (an upper bound); the maximum above the last level; null when there are no points.
     */
    public Double valueUsAt(double percentile) {
        for (Point p : points) {
            if (p.percentile() >= percentile - 1e-9) {
                return p.valueUs();
            }
        }
        return points.isEmpty() ? null : maxUs;
    }

    /** One point per line, so the file reads (and diffs) as a table. */
    public void write(Path file) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("{\"format\":\"")
                .append(FORMAT)
                .append("\",\"source\":")
                .append(FlatLayout.JSON.writeValueAsString(source))
                .append(",\"exact\":")
                .append(exact)
                .append(",\"unit\":\"us\",\"count\":")
                .append(count)
                .append(",\"maxUs\":")
                .append(number(maxUs))
                .append(",\"points\":[");
        for (int i = 0; i < points.size(); i++) {
            Point p = points.get(i);
            b.append(i == 0 ? "\n" : ",\n")
                    .append("  [")
                    .append(LatencySpectrumLevels.text(p.percentile()))
                    .append(',')
                    .append(number(p.valueUs()))
                    .append(']');
        }
        b.append("\n]}\n");
        AtomicFiles.write(file, b.toString());
    }

    public static LatencySpectrum read(Path file) throws ResultsFormatException {
        JsonNode root;
        try {
            root = FlatLayout.JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new ResultsFormatException("cannot read " + file + ": " + e.getMessage());
        }
        if (root == null
                || !FORMAT.equals(root.path("format").asText())
                || !root.path("points").isArray()) {
            throw new ResultsFormatException(file + " is not a latency spectrum (" + FORMAT + ")");
        }
        List<Point> points = new ArrayList<>();
        for (JsonNode p : root.get("points")) {
            if (!p.isArray()
                    || p.size() != 2
                    || !p.get(0).isNumber()
                    || !p.get(1).isNumber()) {
                throw new ResultsFormatException(file + ": a point is not [percentile, microseconds]: " + p);
            }
            points.add(new Point(p.get(0).asDouble(), p.get(1).asDouble()));
        }
        return new LatencySpectrum(
                root.path("source").asText(null),
                root.path("exact").asBoolean(false),
                root.path("count").asLong(),
                root.path("maxUs").asDouble(),
                points);
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15
                ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.3f", v);
    }
}
