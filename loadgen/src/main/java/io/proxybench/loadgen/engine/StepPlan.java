package io.proxybench.loadgen.engine;

import java.time.Duration;

/**
 * One step as the engine runs it.
 *
 * @param name        file stem of the step's outputs, e.g. {@code 100} or {@code warmup}
 * @param connections connections (closed and open models) or connection slots (churn)
 * @param duration    how long the step records
 * @param rate        requests per second over all connections for the open model; 0 for the closed model
 * @param churn       a new connection per request ({@code Connection: close})
 * @param timeout     per-request timeout; also the connect timeout
 */
public record StepPlan(String name, int connections, Duration duration, double rate, boolean churn, Duration timeout) {

    /** Longest step accepted: every load is bounded. */
    public static final Duration MAX_DURATION = Duration.ofHours(1);

    public static final int MAX_CONNECTIONS = 100_000;

    public StepPlan {
        if (name == null || name.isBlank() || !name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("step name '" + name + "' must be letters, digits, '.', '_' or '-'");
        }
        if (connections < 1 || connections > MAX_CONNECTIONS) {
            throw new IllegalArgumentException(
                    "connections must be within 1.." + MAX_CONNECTIONS + ", got " + connections);
        }
        if (duration.isNegative() || duration.isZero() || duration.compareTo(MAX_DURATION) > 0) {
            throw new IllegalArgumentException("duration must be more than 0 and at most 1h, got " + duration);
        }
        if (rate < 0 || Double.isNaN(rate) || rate > 10_000_000) {
            throw new IllegalArgumentException("rate must be within 0..10000000 requests/s, got " + rate);
        }
        if (timeout.toMillis() < 1 || timeout.compareTo(MAX_DURATION) > 0) {
            throw new IllegalArgumentException("timeout must be within 1ms..1h, got " + timeout);
        }
    }

    public boolean openModel() {
        return rate > 0;
    }

    public String model() {
        return openModel() ? "open" : "closed";
    }

    public String mode() {
        return churn ? "churn" : "keepalive";
    }
}
