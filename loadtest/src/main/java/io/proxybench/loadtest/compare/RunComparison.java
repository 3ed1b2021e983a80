package io.proxybench.loadtest.compare;

import io.proxybench.loadtest.results.RepeatGroups;
import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A candidate run against a baseline: steps matched by front-end label and connections, the
 * steps only one side has, and the conditions that differ (a change in generator or machine
 * explains a difference better than the code does).
 *
 * <p>A front end whose label only one run has is paired with the other run's by kind when each run
 * has exactly one such front end of that kind: {@code netty} against {@code netty[workers.stage=8]}
 * is the comparison a tuning change asks for. Runs with repeats are compared repeat against repeat
 * ({@link StepComparison}, {@link SignificanceRule}).
 *
 * @param pairedByKind {@code baseline label → candidate label} lines of the front ends paired by kind
 */
public record RunComparison(
        RunResults baseline,
        RunResults candidate,
        double thresholdPct,
        List<StepComparison> steps,
        List<String> onlyInBaseline,
        List<String> onlyInCandidate,
        List<String> conditionDifferences,
        SignificanceRule rule,
        List<String> pairedByKind) {

    public static RunComparison of(RunResults baseline, RunResults candidate, double thresholdPct) {
        return of(baseline, candidate, thresholdPct, SignificanceRule.DEFAULT);
    }

    public static RunComparison of(
            RunResults baseline, RunResults candidate, double thresholdPct, SignificanceRule rule) {
        List<RepeatGroups.Group> groupsB = RepeatGroups.of(baseline);
        List<RepeatGroups.Group> groupsC = RepeatGroups.of(candidate);
        Map<String, String> pairs = pairByKind(baseline, candidate, groupsB, groupsC);
        List<StepComparison> matched = new ArrayList<>();
        List<String> onlyInBaseline = new ArrayList<>();
        List<String> onlyInCandidate = new ArrayList<>();
        Set<String> used = new HashSet<>();
        for (RepeatGroups.Group b : groupsB) {
            String label = pairs.getOrDefault(b.frontEnd(), b.frontEnd());
            Optional<RepeatGroups.Group> c = groupsC.stream()
                    .filter(g -> g.frontEnd().equals(label) && g.connections() == b.connections())
                    .findFirst();
            if (c.isEmpty()) {
                onlyInBaseline.add(b.frontEnd() + " @ " + b.connections());
            } else {
                used.add(label + "\u0000" + b.connections());
                matched.add(StepComparison.of(b, c.get(), thresholdPct, rule));
            }
        }
        for (RepeatGroups.Group c : groupsC) {
            if (!used.contains(c.frontEnd() + "\u0000" + c.connections())) {
                onlyInCandidate.add(c.frontEnd() + " @ " + c.connections());
            }
        }
        List<String> pairLines = new ArrayList<>();
        pairs.forEach((b, c) -> pairLines.add(b + " \u2192 " + c));
        return new RunComparison(
                baseline,
                candidate,
                thresholdPct,
                matched,
                onlyInBaseline,
                onlyInCandidate,
                conditionDifferences(baseline.run(), candidate.run(), pairs),
                rule,
                pairLines);
    }

    /** True when a gating metric moved the wrong way past the threshold, or a step newly failed. */
    public boolean regressed() {
        return steps.stream().anyMatch(StepComparison::gatingRegression);
    }

    /** Whether either run was made with repeats. */
    public boolean repeated() {
        return RepeatGroups.repeated(baseline.steps()) || RepeatGroups.repeated(candidate.steps());
    }

    /** The distinct (baseline, candidate) repeat counts of the compared steps, in order of appearance. */
    public List<List<Integer>> repeatCounts() {
        List<List<Integer>> out = new ArrayList<>();
        for (StepComparison s : steps) {
            List<Integer> sizes = List.of(s.baselineRepeats(), s.candidateRepeats());
            if (!s.changes().isEmpty() && !out.contains(sizes)) {
                out.add(sizes);
            }
        }
        return out;
    }

    /**
     * Labels only one run has, paired by kind where each run has exactly one unmatched front end of
     * that kind; baseline label to candidate label.
     */
    private static Map<String, String> pairByKind(
            RunResults baseline,
            RunResults candidate,
            List<RepeatGroups.Group> groupsB,
            List<RepeatGroups.Group> groupsC) {
        List<String> labelsB = labels(groupsB);
        List<String> labelsC = labels(groupsC);
        List<String> loneB = labelsB.stream().filter(l -> !labelsC.contains(l)).toList();
        List<String> loneC = labelsC.stream().filter(l -> !labelsB.contains(l)).toList();
        Map<String, String> pairs = new LinkedHashMap<>();
        for (String b : loneB) {
            String kind = kindOf(baseline, b);
            List<String> sameKindB = loneB.stream()
                    .filter(l -> Objects.equals(kindOf(baseline, l), kind))
                    .toList();
            List<String> sameKindC = loneC.stream()
                    .filter(l -> Objects.equals(kindOf(candidate, l), kind))
                    .toList();
            if (kind != null && sameKindB.size() == 1 && sameKindC.size() == 1) {
                pairs.put(b, sameKindC.get(0));
            }
        }
        return pairs;
    }

    private static List<String> labels(List<RepeatGroups.Group> groups) {
        List<String> out = new ArrayList<>();
        groups.forEach(g -> {
            if (!out.contains(g.frontEnd())) {
                out.add(g.frontEnd());
            }
        });
        return out;
    }

    /** The kind run.json declares for the label, else the one kind its steps name; null when unknown or mixed. */
    private static String kindOf(RunResults run, String label) {
        Optional<String> declared =
                run.frontEnd(label).map(RunMetadata.FrontEndInfo::kind).filter(Objects::nonNull);
        if (declared.isPresent()) {
            return declared.get();
        }
        List<String> kinds = run.steps().stream()
                .filter(s -> label.equals(s.frontEnd()))
                .map(StepRecord::kind)
                .distinct()
                .toList();
        return kinds.size() == 1 ? kinds.get(0) : null;
    }

    private static List<String> conditionDifferences(RunMetadata b, RunMetadata c, Map<String, String> pairs) {
        List<String> out = new ArrayList<>();
        differ(out, "generator", b, c, r -> r.workload().generator());
        differ(out, "mode", b, c, r -> r.workload().mode());
        differ(out, "topology", b, c, r -> r.workload().topology());
        differ(out, "step duration s", b, c, r -> r.workload().durationSec());
        differ(out, "warm-up s", b, c, r -> r.workload().warmupSec());
        differ(out, "origin latency ms", b, c, r -> r.workload().originLatencyMs());
        differ(out, "CPU", b, c, r -> r.machine() == null ? null : r.machine().cpuModel());
        differ(out, "cores", b, c, r -> r.machine() == null ? null : r.machine().cores());
        differ(
                out,
                "kernel",
                b,
                c,
                r -> r.machine() == null ? null : r.machine().kernel());
        differ(out, "JDK", b, c, r -> r.machine() == null ? null : r.machine().jdk());
        differ(
                out,
                "ulimit -n",
                b,
                c,
                r -> r.machine() == null ? null : r.machine().ulimitNofile());
        differ(
                out,
                "sysctls",
                b,
                c,
                r -> r.machine() == null ? null : r.machine().sysctls());
        differ(
                out,
                "transparent huge pages",
                b,
                c,
                r -> r.machine() == null ? null : r.machine().transparentHugePages());
        for (RunMetadata.FrontEndInfo fb : b.frontEnds()) {
            String label = pairs.getOrDefault(fb.label(), fb.label());
            c.frontEnds().stream()
                    .filter(fc -> Objects.equals(fc.label(), label))
                    .findFirst()
                    .ifPresent(fc -> {
                        if (!fb.settings().equals(fc.settings())) {
                            out.add(fb.label() + " settings: " + fb.settings() + " \u2192 " + fc.settings());
                        }
                        if (!fb.jvmArgs().equals(fc.jvmArgs())) {
                            out.add(fb.label() + " JVM args: " + fb.jvmArgs() + " \u2192 " + fc.jvmArgs());
                        }
                        // the same settings can resolve differently elsewhere: auto to another transport, say
                        if (fb.resolved() != null
                                && fc.resolved() != null
                                && !fb.resolved().equals(fc.resolved())) {
                            out.add(fb.label() + " resolved at start: " + fb.resolved() + " \u2192 " + fc.resolved());
                        }
                    });
        }
        return out;
    }

    private static void differ(
            List<String> out, String name, RunMetadata b, RunMetadata c, Function<RunMetadata, Object> field) {
        Object vb = field.apply(b);
        Object vc = field.apply(c);
        if (vb != null && vc != null && !vb.equals(vc)) {
            out.add(name + ": " + vb + " \u2192 " + vc);
        }
    }
}
