package io.proxybench.loadtest.gatling;

import java.util.Locale;

/** How arrivals relate to answers. */
public enum LoadModel {
    /**
     * Each of N users sends its next request when the previous one is answered (wrk's way): when the
     * front end stalls, the load drops with it, and the stall is under-counted in the latency.
     */
    CLOSED,
    /**
     * Requests arrive at a fixed rate whatever the answers: a stall shows in full in the latency.
     * The step's number is requests per second, not connections.
     */
    OPEN;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Null when {@code text} names no model. */
    public static LoadModel find(String text) {
        for (LoadModel model : values()) {
            if (model.id().equalsIgnoreCase(text.trim())) {
                return model;
            }
        }
        return null;
    }
}
