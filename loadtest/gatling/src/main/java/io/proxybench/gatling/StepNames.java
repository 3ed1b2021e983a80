package io.proxybench.gatling;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenario and request names that carry the step, so that one simulation's output separates into
 * per-step figures: {@code step-700}, and {@code step-700-2} for the second 700 in a ramp.
 * The warm-up gets its own name and is never a step.
 */
public final class StepNames {

    public static final String WARMUP = "warmup";
    public static final String STEP_PREFIX = "step-";

    private StepNames() {}

    /** One name per step, in order. */
    public static List<String> of(List<Integer> steps) {
        Map<Integer, Integer> seen = new HashMap<>();
        List<String> names = new ArrayList<>(steps.size());
        for (int step : steps) {
            int occurrence = seen.merge(step, 1, Integer::sum);
            names.add(STEP_PREFIX + step + (occurrence == 1 ? "" : "-" + occurrence));
        }
        return names;
    }
}
