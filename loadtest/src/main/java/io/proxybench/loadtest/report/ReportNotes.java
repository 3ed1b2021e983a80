package io.proxybench.loadtest.report;

import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.StepUnit;
/** The note under the results table: how its figures were taken, in the terms of this run. */
final class ReportNotes {

    private ReportNotes() {
    }

    static String table(RunMetadata run) {
        StringBuilder note = new StringBuilder();
        StepUnit unit = run.unit();
        if (unit == StepUnit.RPS) {
            note.append("Open model: Rate/s is the arrival rate offered (requests sent on time whatever the answers), "
                    + "Rq./s the answers received; a front end that falls behind shows it in latency and errors, "
                    + "not in fewer requests sent, and no Little's-law ceiling applies. ");
        }
        note.append("Machine figures (CPU/%, LdAvg, Ctx Sw., Mbps) are averages of the one-second samples taken during "
                + "each step's load");
        if ("gatling".equalsIgnoreCase(run.workload().generator())) {
            note.append(" (Gatling's first request to last answer of the step, without its JVM start, warm-up and "
                    + "report)");
        }
        note.append("; CPU/% is the whole machine (all cores). \u00b5s/req is proxy CPU time per request");
        if (unit.hasCeiling()) {
            note.append("; % ceil. is req/s against the Little's-law ceiling (connections \u00f7 origin latency)");
        }
        return note.append('.').toString();
    }
}
