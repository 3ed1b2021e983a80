package io.proxybench.gatling.report;

/** A Gatling report that does not have the layout this reader knows (another Gatling version, say). */
public final class ReportFormatException extends Exception {

    public ReportFormatException(String message) {
        super(message);
    }
}
