package io.proxybench.loadtest.plan;

import java.util.Locale;

/** How arrivals relate to answers, and therefore what a step's number means. */
public enum LoadModel {
    /**
     * Each of N users sends its next request when the previous one is answered (wrk's way): when the
     * front end stalls, the load drops with it, and the stall is under-counted in the latency.
     * The step's number is connections.
     */
    CLOSED("connections"),
    /**
     * Requests arrive at a fixed rate whatever the answers: a stall shows in full in the latency.
     * The step's number is requests per second, not connections.
     */
    OPEN("rps");

    private final String stepUnit;

    LoadModel(String stepUnit) {
        this.stepUnit = stepUnit;
    }

    /** As the command line writes it, and run.json records it. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** As the command line writes it: {@code --help} lists it so. */
    @Override
    public String toString() {
        return id();
    }

    /** What a step's number counts, as run.json's {@code stepUnit} records it: {@code connections} or {@code rps}. */
    public String stepUnit() {
        return stepUnit;
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
