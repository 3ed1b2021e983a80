package io.proxybench.loadtest.results;

/**
 * What the number of a step counts, as run.json's {@code stepUnit} says: connections (the closed
 * model, wrk's way) or requests per second offered (the open model). Tables, charts and ratios name
 * the step by it; only connections have a Little's-law ceiling.
 */
public enum StepUnit {
    CONNECTIONS("connections", "Con.", "connections", "connections", "connections"),
    RPS("rps", "Rate/s", "offered rate (requests/s)", "offered req/s", "req/s offered");

    private final String id;
    private final String header;
    private final String axisTitle;
    private final String shortName;
    private final String suffix;

    StepUnit(String id, String header, String axisTitle, String shortName, String suffix) {
        this.id = id;
        this.header = header;
        this.axisTitle = axisTitle;
        this.shortName = shortName;
        this.suffix = suffix;
    }

    /**
     * The unit run.json names; a run without {@code stepUnit} is read by its {@code model}, and a run
     * with neither (made before the open model existed) counted connections.
     */
    public static StepUnit of(String stepUnit, String model) {
        if (stepUnit != null) {
            for (StepUnit unit : values()) {
                if (unit.id.equalsIgnoreCase(stepUnit.trim())) {
                    return unit;
                }
            }
        }
        return "open".equalsIgnoreCase(model == null ? null : model.trim()) ? RPS : CONNECTIONS;
    }

    public String id() {
        return id;
    }

    /** The step column's header in the results table. */
    public String header() {
        return header;
    }

    /** The x axis of the charts against the step. */
    public String axisTitle() {
        return axisTitle;
    }

    /** The step's line on a time chart's right-hand axis. */
    public String shortName() {
        return shortName;
    }

    /** One step in words: {@code 700 connections}, {@code 1000 req/s offered}. */
    public String describe(Object step) {
        return step + " " + suffix;
    }

    /** Connections waiting on the origin bound throughput (Little's law); an arrival rate has no such ceiling. */
    public boolean hasCeiling() {
        return this == CONNECTIONS;
    }
}
