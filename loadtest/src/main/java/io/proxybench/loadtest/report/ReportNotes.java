package io.proxybench.loadtest.report;

import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.results.StepUnit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    private static final Map<String, String> FLAG_MEANINGS = flagMeanings();

    private static Map<String, String> flagMeanings() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(StepRecord.FLAG_GENERATOR_SATURATED, "the generator's own CPU reached 90 % of the cores its threads can "
                + "use: the step measured the generator as much as the front end");
        m.put(StepRecord.FLAG_MACHINE_SATURATED, "the machine's CPU reached 95 %: generator, front end and origin "
                + "competed for the cores, so latency includes waiting to run");
        m.put(StepRecord.FLAG_SOCKET_ERRORS, "connect, read or write errors at the generator");
        m.put(StepRecord.FLAG_TIMEOUTS, "requests unanswered within the generator's timeout");
        m.put(StepRecord.FLAG_HTTP_ERRORS, "answers with status 400 or more");
        return m;
    }

    /** One line per flag that some step carries, saying what raised it; empty when no step is flagged. */
    static String flagLegend(List<StepRecord> steps) {
        StringBuilder legend = new StringBuilder();
        FLAG_MEANINGS.forEach((flag, meaning) -> {
            if (steps.stream().anyMatch(s -> s.flags().contains(flag))) {
                legend.append("- `").append(flag).append("`: ").append(meaning).append('\n');
            }
        });
        return legend.length() == 0 ? "" : "Flags:\n\n" + legend + '\n';
    }
}
