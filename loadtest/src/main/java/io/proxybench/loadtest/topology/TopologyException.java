package io.proxybench.loadtest.topology;

/** A place could not be prepared; the message is one line, fit for the CLI's error output. */
public class TopologyException extends Exception {

    private static final long serialVersionUID = 1L;

    public TopologyException(String message) {
        super(message);
    }

    public TopologyException(String message, Throwable cause) {
        super(message, cause);
    }
}
