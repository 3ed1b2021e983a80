package io.proxybench.loadtest.compare;

import io.proxybench.loadtest.results.StepRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * One (front end, connections) step present in both runs.
 *
 * @param changes one per {@link Metric}, empty when either step failed
 * @param note    why figures are not compared (a failed step), or null
 * @param failed  the candidate failed a step the baseline passed: always a gating regression
 */
public record StepComparison(String frontEnd, int connections, List<MetricChange> changes, String note, boolean failed) {

    static StepComparison of(String frontEnd, int connections, StepRecord baseline, StepRecord candidate,
                             double thresholdPct) {
        if (!baseline.ok() && !candidate.ok()) {
            return new StepComparison(frontEnd, connections, List.of(), "failed in both runs", false);
        }
        if (!candidate.ok()) {
            return new StepComparison(frontEnd, connections, List.of(),
                    "candidate failed: " + reason(candidate), true);
        }
        if (!baseline.ok()) {
            return new StepComparison(frontEnd, connections, List.of(),
                    "baseline failed (" + reason(baseline) + "): nothing to compare against", false);
        }
        List<MetricChange> changes = new ArrayList<>();
        for (Metric m : Metric.values()) {
            changes.add(MetricChange.of(m, m.valueOf(baseline), m.valueOf(candidate), thresholdPct));
        }
        return new StepComparison(frontEnd, connections, changes, null, false);
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
