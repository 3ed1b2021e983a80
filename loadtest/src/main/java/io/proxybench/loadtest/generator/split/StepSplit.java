package io.proxybench.loadtest.generator.split;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a step is divided among {@code boxes} generator boxes: {@code N / k} each, the remainder one
 * more to each of the first boxes, so that no two shares differ by more than one.
 */
public final class StepSplit {

    private StepSplit() {}

    /** The shares of {@code step} over {@code boxes} boxes, in box order; every one at least 1. */
    public static List<Integer> shares(int step, int boxes) {
        if (boxes < 1) {
            throw new IllegalArgumentException("no generator box");
        }
        if (step < boxes) {
            throw new IllegalArgumentException(refusal(step, boxes));
        }
        List<Integer> shares = new ArrayList<>(boxes);
        for (int i = 0; i < boxes; i++) {
            shares.add(step / boxes + (i < step % boxes ? 1 : 0));
        }
        return shares;
    }

    /** The one line that refuses a plan whose smallest step cannot give every box a share; empty when all can. */
    public static Optional<String> check(List<Integer> steps, int boxes) {
        return steps.stream().filter(s -> s < boxes).findFirst().map(s -> refusal(s, boxes));
    }

    /** Per step (as text, in plan order), the share of each box: what run.json records. */
    public static Map<String, List<Integer>> table(List<Integer> steps, int boxes) {
        Map<String, List<Integer>> out = new LinkedHashMap<>();
        for (int step : steps) {
            out.put(Integer.toString(step), shares(step, boxes));
        }
        return out;
    }

    private static String refusal(int step, int boxes) {
        return "step " + step + " is smaller than the " + boxes + " generator boxes it is split across"
                + " (each box needs at least one connection, or 1 req/s in the open model)";
    }
}
