package io.proxybench.loadtest.results;

import java.io.IOException;

/** A results directory that cannot be read; the message is one line meant for the user. */
public class ResultsFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    public ResultsFormatException(String message) {
        super(message);
    }

    public ResultsFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
