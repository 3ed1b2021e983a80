package io.proxybench.loadtest.profile;

/** A profiler command that did not do its work; the message is one line for the run's warnings. */
public final class ProfilerException extends Exception {

    public ProfilerException(String message) {
        super(message);
    }
}
