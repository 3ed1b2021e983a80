package io.proxybench.loadtest.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Reads the connection counts of a run: {@code --steps 700,900,2000} or {@code --ramp 700:2000:200}. */
public final class StepListParser {

    /** More steps than this is a typo, not a run anyone waits for. */
    static final int MAX_STEPS = 500;

    static final int MAX_CONNECTIONS = 1_000_000;

    private StepListParser() {}

    public static List<Integer> steps(String text) throws PlanException {
        List<Integer> steps = new ArrayList<>();
        Set<Integer> seen = new HashSet<>();
        for (String part : text.split(",", -1)) {
            int connections = connections(part, "--steps");
            if (!seen.add(connections)) {
                throw new PlanException("--steps: " + connections + " is listed twice");
            }
            steps.add(connections);
        }
        return check(steps, "--steps");
    }

    /** {@code start:end:increment}, inclusive of {@code end} even when it is off the increment's grid. */
    public static List<Integer> ramp(String text) throws PlanException {
        String[] parts = text.split(":", -1);
        if (parts.length != 3) {
            throw new PlanException("--ramp: expected start:end:increment, e.g. 700:2000:200, got '" + text + "'");
        }
        int start = connections(parts[0], "--ramp start");
        int end = connections(parts[1], "--ramp end");
        int increment = connections(parts[2], "--ramp increment");
        if (end < start) {
            throw new PlanException("--ramp: end " + end + " is below start " + start);
        }
        List<Integer> steps = new ArrayList<>();
        for (long c = start; c < end; c += increment) {
            steps.add((int) c);
            if (steps.size() > MAX_STEPS) {
                break;
            }
        }
        steps.add(end);
        return check(steps, "--ramp");
    }

    private static int connections(String text, String where) throws PlanException {
        String t = text.trim();
        int value;
        try {
            value = Integer.parseInt(t);
        } catch (NumberFormatException e) {
            throw new PlanException(where + ": '" + t + "' is not a whole number of connections");
        }
        if (value < 1 || value > MAX_CONNECTIONS) {
            throw new PlanException(where + ": " + value + " connections is out of range 1.." + MAX_CONNECTIONS);
        }
        return value;
    }

    private static List<Integer> check(List<Integer> steps, String where) throws PlanException {
        if (steps.size() > MAX_STEPS) {
            throw new PlanException(where + ": more than " + MAX_STEPS + " steps");
        }
        return List.copyOf(steps);
    }
}
