package io.proxybench.gatling.report;

/** One line of a Gatling errors table: the failure message as Gatling wrote it and how often. */
public record ErrorCount(String message, long count) {

    public ErrorKind kind() {
        return ErrorKind.of(message);
    }
}
