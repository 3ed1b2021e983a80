package io.proxybench.loadtest.generator;

/**
 * Failed requests by kind, as wrk counts them: socket errors on connect, read and write; responses
 * with a status of 400 or more; requests past the per-request timeout.
 */
public record ErrorCounts(long connect, long read, long write, long status, long timeout) {

    public static final ErrorCounts NONE = new ErrorCounts(0, 0, 0, 0, 0);

    public long socketErrors() {
        return connect + read + write;
    }
}
