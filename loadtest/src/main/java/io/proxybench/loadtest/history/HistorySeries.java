package io.proxybench.loadtest.history;

import io.proxybench.loadtest.ab.AbAnalysis;
import io.proxybench.loadtest.changepoint.ChangePoint;
import io.proxybench.loadtest.changepoint.ChangePointDetector;
import io.proxybench.loadtest.compare.Metric;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.results.RepeatGroups;
import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunResults;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One front end (its name without a revision) at one step across a group's runs, oldest first, with
 * the change points of each key figure ({@link #METRICS}). A run that measured two revisions of the
 * front end (an A/B of {@code netty@main} and {@code netty@worktree}) adds an entry for each, in the
 * order the run declared them.
 *
 * @param changes per figure, its change points; a change point's index counts the entries that measured
 *                that figure ({@link #entriesWith})
 */
public record HistorySeries(
        String frontEnd, int step, List<HistoryEntry> entries, Map<Metric, List<ChangePoint>> changes) {

    /** The key figures, as {@code ab} judges them: CPU µs per request, req/s, TP50, TP99. */
    public static final List<Metric> METRICS = AbAnalysis.METRICS;

    public HistorySeries {
        entries = List.copyOf(entries);
        changes = Map.copyOf(changes);
    }

    /** Every series of a group: front ends in the order they first appear, steps ascending. */
    public static List<HistorySeries> of(RunGroup group, ChangePointDetector detector) {
        Map<String, Map<Integer, List<HistoryEntry>>> byFrontEnd = new LinkedHashMap<>();
        for (RunResults run : group.runs()) {
            List<String> declared = run.frontEndLabels();
            List<RepeatGroups.Group> steps = new ArrayList<>(RepeatGroups.of(run));
            steps.sort(Comparator.comparingInt(g -> declared.indexOf(g.frontEnd())));
            for (RepeatGroups.Group step : steps) {
                HistoryEntry entry = entry(run, step);
                if (!entry.figures().isEmpty()) {
                    byFrontEnd
                            .computeIfAbsent(RunGroup.withoutRevision(step.frontEnd()), k -> new LinkedHashMap<>())
                            .computeIfAbsent(step.connections(), k -> new ArrayList<>())
                            .add(entry);
                }
            }
        }
        List<HistorySeries> out = new ArrayList<>();
        byFrontEnd.forEach((frontEnd, bySteps) -> bySteps.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> out.add(series(frontEnd, e.getKey(), e.getValue(), detector))));
        return out;
    }

    private static HistorySeries series(
            String frontEnd, int step, List<HistoryEntry> entries, ChangePointDetector detector) {
        Map<Metric, List<ChangePoint>> changes = new EnumMap<>(Metric.class);
        for (Metric metric : METRICS) {
            List<Double> medians = entries.stream()
                    .filter(e -> e.figures().containsKey(metric))
                    .map(e -> e.figures().get(metric).median())
                    .toList();
            changes.put(metric, detector.detect(medians));
        }
        return new HistorySeries(frontEnd, step, entries, changes);
    }

    private static HistoryEntry entry(RunResults run, RepeatGroups.Group step) {
        RunMetadata meta = run.run();
        Map<String, String> settings = run.frontEnd(step.frontEnd())
                .map(RunMetadata.FrontEndInfo::settings)
                .orElse(Map.of());
        String commit = settings.get(FrontEndSpec.COMMIT);
        Map<Metric, HistoryEntry.Figure> figures = new EnumMap<>(Metric.class);
        for (Metric metric : METRICS) {
            List<Double> values = step.values(metric::valueOf);
            if (!values.isEmpty()) {
                figures.put(
                        metric,
                        new HistoryEntry.Figure(
                                RepeatGroups.median(values),
                                values.stream()
                                        .mapToDouble(Double::doubleValue)
                                        .min()
                                        .orElseThrow(),
                                values.stream()
                                        .mapToDouble(Double::doubleValue)
                                        .max()
                                        .orElseThrow()));
            }
        }
        return new HistoryEntry(
                meta.runId() == null ? run.dir().getFileName().toString() : meta.runId(),
                meta.startedAt(),
                step.frontEnd(),
                settings.get(FrontEndSpec.REVISION),
                HistoryEntry.shortCommit(commit == null ? meta.gitRevision() : commit),
                step.ok().size(),
                String.join(", ", flags(step)),
                figures);
    }

    /** The distinct flags the repeats with figures raised, in the order first raised. */
    private static Set<String> flags(RepeatGroups.Group step) {
        Set<String> flags = new LinkedHashSet<>();
        step.ok().forEach(r -> flags.addAll(r.flags()));
        return flags;
    }

    /** The entries that measured {@code metric}, in time order: what its change points index. */
    public List<HistoryEntry> entriesWith(Metric metric) {
        return entries.stream().filter(e -> e.figures().containsKey(metric)).toList();
    }

    /** The change points of {@code metric}, in time order. */
    public List<ChangePoint> changesOf(Metric metric) {
        return changes.getOrDefault(metric, List.of());
    }
}
