package io.proxybench.loadtest.limits;

/** One limit checked before a run: the line printed, and whether it warns or stops the run. */
public record LimitFinding(Severity severity, String message) {

    public enum Severity {
        OK,
        WARNING,
        /** The run cannot work: it is refused. */
        FATAL
    }

    public static LimitFinding ok(String message) {
        return new LimitFinding(Severity.OK, message + ": ok");
    }

    public static LimitFinding warning(String message) {
        return new LimitFinding(Severity.WARNING, message);
    }

    public static LimitFinding fatal(String message) {
        return new LimitFinding(Severity.FATAL, message);
    }
}
