package io.proxybench.loadtest.compare;

import io.proxybench.loadtest.results.RepeatGroups;
import io.proxybench.loadtest.results.StepRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * One (front end, connections) step present in both runs, with its repeats on each side.
 *
 * @param frontEnd          the baseline's label
 * @param candidateFrontEnd the candidate's label: the same, unless the front ends were paired by kind
 * @param changes           one per {@link Metric}, empty when either side has no repeat with figures
 * @param note              why figures are not compared, or which repeats failed and the flags either side
 *                          raised; null when nothing to say
 * @param flagged           a repeat with figures on either side raised a flag (named in the note)
 * @param failed            the candidate failed where the baseline did not: always a gating regression
 * @param baselineRepeats   the baseline's repeats with figures
 * @param candidateRepeats  the candidate's repeats with figures
 */
public record StepComparison(
        String frontEnd,
        String candidateFrontEnd,
        int connections,
        List<MetricChange> changes,
        String note,
        boolean flagged,
        boolean failed,
        int baselineRepeats,
        int candidateRepeats) {

    public StepComparison {
        changes = List.copyOf(changes);
    }

    static StepComparison of(
            RepeatGroups.Group baseline, RepeatGroups.Group candidate, double thresholdPct, SignificanceRule rule) {
        String frontEnd = baseline.frontEnd();
        int connections = baseline.connections();
        List<StepRecord> okB = baseline.ok();
        List<StepRecord> okC = candidate.ok();
        if (okB.isEmpty() && okC.isEmpty()) {
            return new StepComparison(
                    frontEnd, candidate.frontEnd(), connections, List.of(), "failed in both runs", false, false, 0, 0);
        }
        if (okC.isEmpty()) {
            return new StepComparison(
                    frontEnd,
                    candidate.frontEnd(),
                    connections,
                    List.of(),
                    "candidate failed: " + reason(candidate),
                    false,
                    true,
                    okB.size(),
                    0);
        }
        if (okB.isEmpty()) {
            return new StepComparison(
                    frontEnd,
                    candidate.frontEnd(),
                    connections,
                    List.of(),
                    "baseline failed (" + reason(baseline) + "): nothing to compare against",
                    false,
                    false,
                    0,
                    okC.size());
        }
        boolean single = baseline.repeats().size() == 1 && candidate.repeats().size() == 1;
        List<MetricChange> changes = new ArrayList<>();
        for (Metric m : Metric.COMPARED) {
            changes.add(
                    single
                            ? MetricChange.of(m, m.valueOf(okB.get(0)), m.valueOf(okC.get(0)), thresholdPct)
                            : MetricChange.of(
                                    m, baseline.values(m::valueOf), candidate.values(m::valueOf), thresholdPct, rule));
        }
        int failedB = baseline.repeats().size() - okB.size();
        int failedC = candidate.repeats().size() - okC.size();
        boolean newlyFailed = failedC > 0 && failedB == 0;
        List<String> notes = new ArrayList<>();
        if (failedC > 0 || failedB > 0) {
            notes.add("failed repeats: baseline " + failedB + " of "
                    + baseline.repeats().size() + ", candidate " + failedC + " of "
                    + candidate.repeats().size() + (failedC > 0 ? " (" + reason(candidate) + ")" : ""));
        }
        // a change at a flagged step may be the flag's, not the code's
        String baselineFlags = baseline.flagsText();
        String candidateFlags = candidate.flagsText();
        if (!baselineFlags.isEmpty()) {
            notes.add("baseline " + baselineFlags);
        }
        if (!candidateFlags.isEmpty()) {
            notes.add("candidate " + candidateFlags);
        }
        boolean flagged = !baselineFlags.isEmpty() || !candidateFlags.isEmpty();
        String note = notes.isEmpty() ? null : String.join("; ", notes);
        return new StepComparison(
                frontEnd,
                candidate.frontEnd(),
                connections,
                changes,
                note,
                flagged,
                newlyFailed,
                okB.size(),
                okC.size());
    }

    private static String reason(RepeatGroups.Group group) {
        return group.repeats().stream()
                .filter(r -> !r.ok())
                .map(StepComparison::reason)
                .findFirst()
                .orElse("no reason recorded");
    }

    private static String reason(StepRecord step) {
        return step.failure() == null || step.failure().isBlank() ? "no reason recorded" : step.failure();
    }

    public MetricChange change(Metric metric) {
        return changes.stream().filter(c -> c.metric() == metric).findFirst().orElse(null);
    }

    /** True when this step fails the comparison. */
    public boolean gatingRegression() {
        return failed || changes.stream().anyMatch(MetricChange::gatingRegression);
    }

    public String key() {
        return frontEnd + " @ " + connections;
    }
}
