package io.proxybench.loadgen.record;

import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * What one step measured, written as one JSON line. The fields {@code requests}, {@code durationUs},
 * {@code bytes}, {@code errors} and {@code latencyUs} are those of the kit's wrk script, so the same
 * reader takes both.
 *
 * @param model       {@code closed} or {@code open}
 * @param mode        {@code keepalive} or {@code churn}
 * @param rate        requests per second of the open model, 0 in the closed model
 * @param durationUs  measured length of the step
 * @param latency     every latency of the step (microseconds)
 * @param cpuUs       CPU time of this whole process during the step, or -1 when the JVM cannot tell
 * @param hlog        the step's interval log, or null
 */
public record StepSummary(
        String name,
        String model,
        String mode,
        int connections,
        double rate,
        StepTotals totals,
        long durationUs,
        Histogram latency,
        long cpuUs,
        long startEpochMs,
        long endEpochMs,
        String hlog) {

    public double rps() {
        return durationUs > 0 ? totals.requests() * 1e6 / durationUs : 0;
    }

    /** The step as one line of JSON (no line break). */
    public String toJson() {
        StringBuilder b = new StringBuilder(512);
        b.append("{\"type\":\"step\",\"name\":")
                .append(quote(name))
                .append(",\"model\":")
                .append(quote(model))
                .append(",\"mode\":")
                .append(quote(mode))
                .append(",\"connections\":")
                .append(connections)
                .append(",\"rate\":")
                .append(rate > 0 ? number(rate) : "null")
                .append(",\"requests\":")
                .append(totals.requests())
                .append(",\"durationUs\":")
                .append(durationUs)
                .append(",\"bytes\":")
                .append(totals.bytes())
                .append(",\"rps\":")
                .append(number(rps()))
                .append(",\"errors\":{");
        ErrorKind[] kinds = ErrorKind.values();
        for (int i = 0; i < kinds.length; i++) {
            b.append(i == 0 ? "" : ",")
                    .append('"')
                    .append(kinds[i].id())
                    .append("\":")
                    .append(totals.errors(kinds[i]));
        }
        b.append("},\"latencyUs\":");
        if (latency.getTotalCount() == 0) {
            b.append("null");
        } else {
            b.append("{\"min\":")
                    .append(latency.getMinValue())
                    .append(",\"mean\":")
                    .append(number(latency.getMean()))
                    .append(",\"stdev\":")
                    .append(number(latency.getStdDeviation()))
                    .append(",\"p50\":")
                    .append(latency.getValueAtPercentile(50))
                    .append(",\"p75\":")
                    .append(latency.getValueAtPercentile(75))
                    .append(",\"p90\":")
                    .append(latency.getValueAtPercentile(90))
                    .append(",\"p99\":")
                    .append(latency.getValueAtPercentile(99))
                    .append(",\"p999\":")
                    .append(latency.getValueAtPercentile(99.9))
                    .append(",\"max\":")
                    .append(latency.getMaxValue())
                    .append('}');
        }
        b.append(",\"connectionsOpened\":")
                .append(totals.connectionsOpened())
                .append(",\"unsent\":")
                .append(totals.unsent())
                .append(",\"tlsHandshakes\":")
                .append(totals.handshakes())
                .append(",\"tlsResumed\":")
                .append(totals.resumed())
                .append(",\"cpuUs\":")
                .append(cpuUs)
                .append(",\"startEpochMs\":")
                .append(startEpochMs)
                .append(",\"endEpochMs\":")
                .append(endEpochMs)
                .append(",\"hlog\":")
                .append(hlog == null ? "null" : quote(hlog))
                .append('}');
        return b.toString();
    }

    /** A few lines for a person, in wrk's spirit. */
    public String toText() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(
                Locale.ROOT,
                "step %s: %s model, %s, %d connections%s%n",
                name,
                model,
                mode,
                connections,
                rate > 0 ? String.format(Locale.ROOT, ", %.0f req/s scheduled", rate) : ""));
        b.append(String.format(
                Locale.ROOT,
                "  %d requests in %.2fs, %.1f MB read: %.1f req/s%n",
                totals.requests(),
                durationUs / 1e6,
                totals.bytes() / 1e6,
                rps()));
        if (latency.getTotalCount() > 0) {
            b.append(String.format(
                    Locale.ROOT,
                    "  latency ms: mean %.2f  p50 %.2f  p75 %.2f  p90 %.2f  p99 %.2f  p99.9 %.2f  max %.2f%n",
                    latency.getMean() / 1e3,
                    ms(50),
                    ms(75),
                    ms(90),
                    ms(99),
                    ms(99.9),
                    latency.getMaxValue() / 1e3));
        }
        long errors = 0;
        StringBuilder kinds = new StringBuilder();
        for (ErrorKind kind : ErrorKind.values()) {
            errors += totals.errors(kind);
            kinds.append(' ').append(kind.id()).append(' ').append(totals.errors(kind));
        }
        if (errors > 0) {
            b.append("  errors:").append(kinds).append(System.lineSeparator());
        }
        if (totals.unsent() > 0) {
            b.append("  behind schedule: ")
                    .append(totals.unsent())
                    .append(" requests never sent")
                    .append(System.lineSeparator());
        }
        return b.toString();
    }

    private double ms(double percentile) {
        return latency.getValueAtPercentile(percentile) / 1e3;
    }

    static String number(double n) {
        if (Double.isNaN(n) || Double.isInfinite(n)) {
            return "null";
        }
        return String.format(Locale.ROOT, "%.3f", n);
    }

    /** A JSON string literal. */
    public static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
