package io.proxybench.loadtest.report;

import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunMetadata.FrontEndInfo;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.Sample;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.results.StepRecord.OriginFaults;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * report.md's "Faults" section, only for a run with {@code --origin-faults}: per front end, what the
 * generator saw (answers, errors by kind) beside what the origin injected, the proxy's RSS at its
 * first and last step, and its origin pool once the load was off. The two sides differ by design
 * where the proxy absorbs a fault (a retried reset) or turns it into another (garbage into a 502),
 * so the section lays them side by side rather than checking one against the other.
 */
public final class FaultAccountingSection {

    /** run.json's settings key holding the mix as given, e.g. {@code reset=1%,stall=0.5%}. */
    public static final String SETTING = "originFaults";

    private static final List<String> KINDS =
            List.of("status-500", "reset", "close-mid-body", "garbage", "stall", "slow-body");
    private static final List<Function<OriginFaults, Long>> KIND_COUNTS = List.of(
            OriginFaults::status500,
            OriginFaults::reset,
            OriginFaults::closeMidBody,
            OriginFaults::garbage,
            OriginFaults::stall,
            OriginFaults::slowBody);
    private static final String ERROR_PREFIX = "proxy.errors.";

    private FaultAccountingSection() {}

    /** The section with its heading, or the empty string when the run had no fault mix. */
    public static String render(RunResults results) {
        String mix = mixOf(results.run());
        if (mix == null) {
            return "";
        }
        StringBuilder md = new StringBuilder("\n## Faults\n\n");
        md.append("Origin fault mix: `")
                .append(mix)
                .append("`. Sums over each front end's measured steps (warm-up excluded). *ok* = answers"
                        + " below 400; *status ≥400*, *connect*, *read*, *write*, *timeout* = the"
                        + " generator's errors; *origin* = requests the origin received and the faults it"
                        + " injected; *proxy errors* = the proxy's error counters over its whole life,"
                        + " warm-up included; *pool after* = origin connections active/idle once the load"
                        + " was off, and how long they took to settle.\n\n");
        List<String> headers = new ArrayList<>(List.of(
                "front end",
                "requests",
                "ok",
                "status ≥400",
                "connect",
                "read",
                "write",
                "timeout",
                "origin requests"));
        List<Integer> kinds = new ArrayList<>();
        for (int i = 0; i < KINDS.size(); i++) {
            if (mix.contains(KINDS.get(i) + "=")) {
                kinds.add(i);
                headers.add(KINDS.get(i));
            }
        }
        headers.addAll(List.of("proxy errors", "RSS MB first→last second", "pool after"));
        List<Boolean> numeric = new ArrayList<>();
        headers.forEach(h -> numeric.add(!h.equals("front end")
                && !h.equals("proxy errors")
                && !h.startsWith("RSS")
                && !h.equals("pool after")));
        List<List<String>> rows = new ArrayList<>();
        for (String label : results.frontEndLabels()) {
            List<StepRecord> steps = results.stepsInTableOrder().stream()
                    .filter(s -> label.equals(s.frontEnd()) && s.ok())
                    .toList();
            if (steps.isEmpty()) {
                continue;
            }
            Long requests = sum(steps, s -> s.load().requests());
            Long status = sum(steps, s -> s.errors().status());
            List<String> row = new ArrayList<>(List.of(
                    label,
                    FigureFormat.integer(requests),
                    FigureFormat.integer(requests == null || status == null ? null : requests - status),
                    FigureFormat.integer(status),
                    FigureFormat.integer(sum(steps, s -> s.errors().connect())),
                    FigureFormat.integer(sum(steps, s -> s.errors().read())),
                    FigureFormat.integer(sum(steps, s -> s.errors().write())),
                    FigureFormat.integer(sum(steps, s -> s.errors().timeout())),
                    FigureFormat.integer(sum(steps, s -> s.originFaults().requests()))));
            for (int k : kinds) {
                row.add(FigureFormat.integer(sum(steps, s -> KIND_COUNTS.get(k).apply(s.originFaults()))));
            }
            Map<String, Long> after =
                    results.frontEnd(label).map(FrontEndInfo::afterSteps).orElse(null);
            row.add(proxyErrors(after));
            row.add(rssUnderLoad(results.samplesOf(label), steps));
            row.add(pool(after));
            rows.add(row);
        }
        md.append(MarkdownTable.render(headers, numeric, rows)).append('\n');
        return md.toString();
    }

    /**
     * The proxy's RSS in the first and the last second under step load, from the one-second samples, so
     * that a long step shows whether memory stayed flat; the first and last step's means without samples.
     */
    private static String rssUnderLoad(List<Sample> samples, List<StepRecord> steps) {
        List<Double> rss = samples.stream()
                .filter(x -> x.connections() != null && x.connections() > 0)
                .map(x -> x.processes().proxyRssMb())
                .filter(Objects::nonNull)
                .toList();
        if (rss.isEmpty()) {
            return FigureFormat.decimals(steps.get(0).processes().proxyRssMb(), 0) + " → "
                    + FigureFormat.decimals(
                            steps.get(steps.size() - 1).processes().proxyRssMb(), 0);
        }
        return FigureFormat.decimals(rss.get(0), 0) + " → " + FigureFormat.decimals(rss.get(rss.size() - 1), 0);
    }

    /** The mix as run.json's settings give it; null for a run without one (or made before the option). */
    static String mixOf(RunMetadata run) {
        if (run == null || run.settings() == null) {
            return null;
        }
        Object mix = run.settings().get(SETTING);
        return mix == null || mix.toString().isBlank() || mix.toString().equals("none") ? null : mix.toString();
    }

    private static String proxyErrors(Map<String, Long> after) {
        if (after == null) {
            return FigureFormat.NONE;
        }
        String errors = after.entrySet().stream()
                .filter(e -> e.getKey().startsWith(ERROR_PREFIX) && e.getValue() != null && e.getValue() > 0)
                .map(e -> e.getKey().substring(ERROR_PREFIX.length()) + " " + e.getValue())
                .collect(Collectors.joining(", "));
        return errors.isEmpty() ? "none" : errors;
    }

    private static String pool(Map<String, Long> after) {
        if (after == null) {
            return FigureFormat.NONE;
        }
        Long quietMs = after.get("quietMs");
        return FigureFormat.integer(after.get("proxy.connections.origin.active")) + "/"
                + FigureFormat.integer(after.get("proxy.connections.origin.idle"))
                + (quietMs == null ? "" : " after " + FigureFormat.decimals(quietMs / 1000.0, 1) + " s");
    }

    private static Long sum(List<StepRecord> steps, Function<StepRecord, Long> figure) {
        long total = 0;
        boolean any = false;
        for (StepRecord s : steps) {
            Long n = figure.apply(s);
            if (n != null) {
                total += n;
                any = true;
            }
        }
        return any ? total : null;
    }
}
