package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.results.StepRecord;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * When a run with {@code --until-undisturbed K} has enough: every front end's ratio to the first at
 * every step rests on K repeats in which both of its steps were {@linkplain StepRecord#undisturbed()
 * undisturbed}, the pairs the report's confidence interval is computed from. On a machine whose
 * hypervisor takes the cores now and then, a fixed number of repeats either wastes rounds or leaves
 * a ratio with too few undisturbed pairs to say anything; counting them after each round does neither.
 */
final class UndisturbedRepeats {

    private final int wanted;
    private final List<String> frontEnds;
    private final List<Integer> steps;

    /**
     * @param frontEnds labels in run order; the first is the one the others are divided by
     */
    UndisturbedRepeats(int wanted, List<String> frontEnds, List<Integer> steps) {
        this.wanted = wanted;
        this.frontEnds = List.copyOf(frontEnds);
        this.steps = List.copyOf(steps);
    }

    /** What is still short of {@code wanted}, e.g. {@code netty at 400: 2 of 3}; empty once every ratio has enough. */
    List<String> shortOf(List<StepRecord> recorded) {
        List<String> lacking = new ArrayList<>();
        String base = frontEnds.get(0);
        for (String frontEnd : frontEnds.subList(1, frontEnds.size())) {
            for (int step : steps) {
                Set<Integer> baseRepeats = undisturbedRepeats(recorded, base, step);
                Set<Integer> both = undisturbedRepeats(recorded, frontEnd, step);
                both.retainAll(baseRepeats);
                if (both.size() < wanted) {
                    lacking.add(frontEnd + " at " + step + ": " + both.size() + " of " + wanted);
                }
            }
        }
        return lacking;
    }

    private static Set<Integer> undisturbedRepeats(List<StepRecord> recorded, String frontEnd, int step) {
        Set<Integer> repeats = new HashSet<>();
        for (StepRecord r : recorded) {
            if (frontEnd.equals(r.frontEnd())
                    && r.connections() != null
                    && r.connections() == step
                    && r.undisturbed()) {
                repeats.add(r.repeat() == null ? 1 : r.repeat());
            }
        }
        return repeats;
    }
}
