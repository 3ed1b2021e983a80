package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.RunPlan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The order in which a run's front ends take their turns: repeat 1 of every front end, then repeat 2
 * of every front end, and so on. Interleaved rather than one front end's repeats back to back, so that
 * whatever drifts on the machine during the run (heat, a neighbour's load, page cache) lands on every
 * front end alike instead of on whichever ran last. With {@link io.proxybench.loadtest.plan.RepeatPolicy#alternate}
 * every second round runs in reverse (A B, B A, A B, ...), so that a drift within a round does not always
 * favour the front end that runs first either.
 */
final class RepeatSchedule {

    /** One front end's turn: a fresh origin and front end, warm-up, every step. */
    record Turn(int repeat, FrontEndSpec spec) {}

    private RepeatSchedule() {}

    static List<Turn> of(RunPlan plan) {
        List<Turn> turns = new ArrayList<>();
        for (int repeat = 1; repeat <= plan.repeats().count(); repeat++) {
            List<FrontEndSpec> order = new ArrayList<>(plan.frontEnds());
            if (plan.repeats().alternate() && repeat % 2 == 0) {
                Collections.reverse(order);
            }
            for (FrontEndSpec spec : order) {
                turns.add(new Turn(repeat, spec));
            }
        }
        return List.copyOf(turns);
    }
}
