package io.proxybench.loadtest.compare;

import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * A candidate run against a baseline: steps matched by front-end label and connections, the
 * steps only one side has, and the conditions that differ (a change in generator or machine
 * explains a difference better than the code does).
 */
public record RunComparison(
        RunResults baseline,
        RunResults candidate,
        double thresholdPct,
        List<StepComparison> steps,
        List<String> onlyInBaseline,
        List<String> onlyInCandidate,
        List<String> conditionDifferences) {

    public static RunComparison of(RunResults baseline, RunResults candidate, double thresholdPct) {
        List<StepComparison> matched = new ArrayList<>();
        List<String> onlyInBaseline = new ArrayList<>();
        List<String> onlyInCandidate = new ArrayList<>();
        for (StepRecord b : baseline.stepsInTableOrder()) {
            if (b.frontEnd() == null || b.connections() == null) {
                continue;
            }
            Optional<StepRecord> c = candidate.step(b.frontEnd(), b.connections());
            if (c.isEmpty()) {
                addOnce(onlyInBaseline, b.frontEnd() + " @ " + b.connections());
            } else if (matched.stream().noneMatch(m -> m.frontEnd().equals(b.frontEnd()) && m.connections() == b.connections())) {
                StepRecord lastB = baseline.step(b.frontEnd(), b.connections()).orElse(b);
                matched.add(StepComparison.of(b.frontEnd(), b.connections(), lastB, c.get(), thresholdPct));
            }
        }
        for (StepRecord c : candidate.stepsInTableOrder()) {
            if (c.frontEnd() != null && c.connections() != null && baseline.step(c.frontEnd(), c.connections()).isEmpty()) {
                addOnce(onlyInCandidate, c.frontEnd() + " @ " + c.connections());
            }
        }
        return new RunComparison(baseline, candidate, thresholdPct, matched, onlyInBaseline, onlyInCandidate,
                conditionDifferences(baseline.run(), candidate.run()));
    }

    /** True when a gating metric moved the wrong way past the threshold, or a step newly failed. */
    public boolean regressed() {
        return steps.stream().anyMatch(StepComparison::gatingRegression);
    }

    private static void addOnce(List<String> list, String item) {
        if (!list.contains(item)) {
            list.add(item);
        }
    }

    private static List<String> conditionDifferences(RunMetadata b, RunMetadata c) {
        List<String> out = new ArrayList<>();
        differ(out, "generator", b, c, r -> r.workload().generator());
        differ(out, "mode", b, c, r -> r.workload().mode());
        differ(out, "topology", b, c, r -> r.workload().topology());
        differ(out, "step duration s", b, c, r -> r.workload().durationSec());
        differ(out, "warm-up s", b, c, r -> r.workload().warmupSec());
        differ(out, "origin latency ms", b, c, r -> r.workload().originLatencyMs());
        differ(out, "CPU", b, c, r -> r.machine() == null ? null : r.machine().cpuModel());
        differ(out, "cores", b, c, r -> r.machine() == null ? null : r.machine().cores());
        differ(out, "kernel", b, c, r -> r.machine() == null ? null : r.machine().kernel());
        differ(out, "JDK", b, c, r -> r.machine() == null ? null : r.machine().jdk());
        differ(out, "ulimit -n", b, c, r -> r.machine() == null ? null : r.machine().ulimitNofile());
        differ(out, "sysctls", b, c, r -> r.machine() == null ? null : r.machine().sysctls());
        for (RunMetadata.FrontEndInfo fb : b.frontEnds()) {
            c.frontEnds().stream().filter(fc -> Objects.equals(fc.label(), fb.label())).findFirst().ifPresent(fc -> {
                if (!fb.settings().equals(fc.settings())) {
                    out.add(fb.label() + " settings: " + fb.settings() + " \u2192 " + fc.settings());
                }
                if (!fb.jvmArgs().equals(fc.jvmArgs())) {
                    out.add(fb.label() + " JVM args: " + fb.jvmArgs() + " \u2192 " + fc.jvmArgs());
                }
            });
        }
        return out;
    }

    private static void differ(List<String> out, String name, RunMetadata b, RunMetadata c, Function<RunMetadata, Object> field) {
        Object vb = field.apply(b);
        Object vc = field.apply(c);
        if (vb != null && vc != null && !vb.equals(vc)) {
            out.add(name + ": " + vb + " \u2192 " + vc);
        }
    }
}
