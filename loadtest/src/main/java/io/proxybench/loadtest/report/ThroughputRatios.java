package io.proxybench.loadtest.report;

import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Each front end's requests/s relative to the first front end at the same step.
 *
 * <p>On a shared or noisy machine the absolute figures drift from run to run, while the ratio of
 * two front ends measured back to back holds much better; it is the number to quote.
 */
public final class ThroughputRatios {

    /** {@code frontEnd}/{@code baseline} at one step; {@code ratio} is null when {@code missing} says why. */
    public record Ratio(String frontEnd, String baseline, Double ratio, String missing) {
        public String text() {
            String name = frontEnd + "/" + baseline;
            return ratio == null ? name + " = n/a (" + missing + ")" : name + " = " + FigureFormat.ratio(ratio);
        }
    }

    /** All ratios of one connection count. */
    public record StepRatios(int connections, List<Ratio> ratios) {
    }

    private ThroughputRatios() {
    }

    /** The front end every other one is divided by, if at least two have steps. */
    public static Optional<String> baseline(RunResults results) {
        List<String> labels = labelsWithSteps(results);
        return labels.size() < 2 ? Optional.empty() : Optional.of(labels.get(0));
    }

    /** Declared order, leaving out front ends that only have samples (nothing to divide). */
    private static List<String> labelsWithSteps(RunResults results) {
        return results.frontEndLabels().stream()
                .filter(label -> results.steps().stream().anyMatch(s -> label.equals(s.frontEnd()))).toList();
    }

    public static List<StepRatios> of(RunResults results) {
        List<StepRatios> out = new ArrayList<>();
        Optional<String> base = baseline(results);
        if (base.isEmpty()) {
            return out;
        }
        List<String> labels = labelsWithSteps(results);
        List<String> others = labels.subList(1, labels.size());
        for (int connections : results.connectionCounts()) {
            Optional<StepRecord> baseStep = results.step(base.get(), connections);
            List<Ratio> ratios = new ArrayList<>();
            for (String label : others) {
                Optional<StepRecord> step = results.step(label, connections);
                if (step.isEmpty() && baseStep.isEmpty()) {
                    continue;
                }
                ratios.add(ratio(label, step, base.get(), baseStep));
            }
            if (!ratios.isEmpty()) {
                out.add(new StepRatios(connections, ratios));
            }
        }
        return out;
    }

    private static Ratio ratio(String label, Optional<StepRecord> step, String baseLabel, Optional<StepRecord> baseStep) {
        String missing = unusable(baseLabel, baseStep);
        if (missing == null) {
            missing = unusable(label, step);
        }
        if (missing != null) {
            return new Ratio(label, baseLabel, null, missing);
        }
        return new Ratio(label, baseLabel, step.get().load().rps() / baseStep.get().load().rps(), null);
    }

    private static String unusable(String label, Optional<StepRecord> step) {
        if (step.isEmpty()) {
            return label + " did not run this step";
        }
        if (!step.get().ok()) {
            return label + " failed";
        }
        Double rps = step.get().load().rps();
        if (rps == null || rps.isNaN() || rps <= 0) {
            return label + " has no req/s";
        }
        return null;
    }
}
