package io.proxybench.loadtest.process;

/** A process did not come up; the message is the one-line reason recorded for its steps. */
public final class ProcessStartException extends Exception {

    public ProcessStartException(String message) {
        super(message);
    }
}
