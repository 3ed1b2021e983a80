package io.proxybench.loadtest.plan;

import java.time.Duration;
import java.util.List;

/**
 * The load a run puts on each front end, and the tool that puts it on.
 *
 * @param steps          connections per step (closed model) or requests per second (open model), in run order
 * @param durationSec    seconds per step
 * @param model          closed (a step is connections) or open (a step is an arrival rate)
 * @param mode           connections kept open, or a new one per request
 * @param generator      the tool that sends the requests
 * @param threads        generator threads (wrk {@code -t}); lowered to the connections when fewer
 * @param requestTimeout generator's per-request timeout
 */
public record LoadShape(
        List<Integer> steps,
        int durationSec,
        LoadModel model,
        ConnectionMode mode,
        GeneratorKind generator,
        int threads,
        Duration requestTimeout) {

    public LoadShape {
        steps = List.copyOf(steps);
    }

    /** The largest step: connections, or requests per second in the open model. */
    public int maxStep() {
        return steps.stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    /**
     * The most connections the generator may hold open at once: the largest step in the closed model.
     * In the open model a request that is not answered keeps its connection busy and the next arrival
     * opens another, until the request's timeout ends it: up to rate × timeout.
     */
    public int maxConnections() {
        if (model == LoadModel.CLOSED) {
            return maxStep();
        }
        return (int) Math.min(Integer.MAX_VALUE, (long) maxStep() * Math.max(1, requestTimeout.toSeconds()));
    }
}
