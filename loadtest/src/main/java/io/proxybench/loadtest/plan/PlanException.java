package io.proxybench.loadtest.plan;

/** Bad input in a run's description; the message is one line meant for the user. */
public final class PlanException extends Exception {

    public PlanException(String message) {
        super(message);
    }
}
