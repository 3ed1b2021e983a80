package io.proxybench.loadtest.report;

import io.proxybench.loadtest.measure.StepFigures;
import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.results.StepUnit;
import io.proxybench.loadtest.warmup.SteadyStateDetector;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The note under the results table: how its figures were taken, in the terms of this run. */
final class ReportNotes {

    private ReportNotes() {}

    static String table(RunResults results) {
        RunMetadata run = results.run();
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
        if (ResultsTable.hasSysCpu(results)) {
            note.append(" (utime + stime of its processes)");
        }
        note.append(". The diagnostics below the ratios say why a row reads as it does.");
        return note.toString();
    }

    /** The note under the diagnostics table. */
    static String diagnostics(RunResults results) {
        RunMetadata run = results.run();
        StringBuilder note = new StringBuilder();
        if (results.steps().stream().anyMatch(s -> s.machine().stealPct() != null)) {
            note.append("Steal/% is the share of the cores the hypervisor gave to other guests during the step. ");
        }
        if (hasRunQueueColumn(run)) {
            note.append("RunQ is the mean of the step's own one-second readings of runnable tasks (procs_running), "
                    + "the figure to compare between steps and front ends; LdAvg in the table above is the "
                    + "kernel's one-minute load average, so it still carries the load of the minute before the step "
                    + "(the previous step's, or the previous front end's). ");
        }
        if (ResultsTable.hasSysCpu(results)) {
            note.append("sys \u00b5s/req is the kernel's part of \u00b5s/req (stime: system calls and the network "
                    + "stack work done on the proxy's time), the rest is user space. ");
        }
        if (results.steps().stream().anyMatch(s -> s.processes().proxyRssMb() != null)) {
            note.append("RSS MB and Threads are the front end's whole process tree (a master and its workers, a JVM"
                    + " and its threads), averaged over the step. ");
        }
        note.append("GC ms/s is the JVM's collection time per second");
        if (ResultsTable.hasJitParts(results)) {
            note.append("; JIT \u00b5s/req and GC \u00b5s/req are the parts of a JVM's \u00b5s/req its JIT compiler "
                    + "threads and its garbage collector's threads took (a JIT still compiling, and a steady cost of "
                    + "allocation)");
        }
        if (ResultsTable.hasPinning(results)) {
            note.append("; Pins and Pinned ms are how often a JVM's virtual threads blocked while held on their carrier"
                    + " thread, and for how long in all (JFR's jdk.VirtualThreadPinned; a carrier held by a native call"
                    + " that blocks without parking, such as APR's socket reads, is not counted), with the stack that"
                    + " pinned longest in raw/<front end>/<step>-pinned.txt");
        }
        if (run.unit().hasCeiling()) {
            note.append("; % ceil. is req/s against the Little's-law ceiling (connections \u00f7 origin latency)");
        }
        return note.append('.').toString();
    }

    /**
     * Whether the run shows the step's run queue as a column of its own: runs that settle the machine
     * before each front end and record it (run.json's {@code readiness}); older runs render as they did.
     */
    static boolean hasRunQueueColumn(RunMetadata run) {
        return run.frontEnds().stream().anyMatch(f -> f.readiness() != null);
    }

    /**
     * What came before a front end's first step, for its line in the report, e.g.
     * {@code ; machine settled in 3.0 s; warm-up 23.0 s (steady)}; empty for older runs.
     */
    static String readiness(RunMetadata.FrontEndInfo frontEnd) {
        RunMetadata.Readiness r = frontEnd.readiness();
        if (r == null) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        if (r.settleSec() != null) {
            s.append(Boolean.FALSE.equals(r.settled()) ? "; machine not settled after " : "; machine settled in ")
                    .append(FigureFormat.decimals(r.settleSec(), 1))
                    .append(" s");
            if (r.runQueue() != null && r.runQueueBaseline() != null) {
                s.append(" (run queue ")
                        .append(FigureFormat.decimals(r.runQueue(), 2))
                        .append(", idle ")
                        .append(FigureFormat.decimals(r.runQueueBaseline(), 2))
                        .append(')');
            }
        }
        if (r.warmupEnd() != null) {
            s.append("; warm-up ");
            if (r.warmupSec() != null && !"none".equals(r.warmupEnd())) {
                s.append(FigureFormat.decimals(r.warmupSec(), 1)).append(" s ");
            }
            s.append('(').append(r.warmupEnd()).append(')');
        }
        return s.toString();
    }

    private static final Map<String, String> FLAG_MEANINGS = flagMeanings();

    private static Map<String, String> flagMeanings() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(
                StepRecord.FLAG_GENERATOR_SATURATED,
                "the generator's own CPU reached 90 % of the cores its threads can "
                        + "use: the step measured the generator as much as the front end");
        m.put(
                StepRecord.FLAG_MACHINE_SATURATED,
                "the machine's CPU reached 95 %: generator, front end and origin "
                        + "competed for the cores, so latency includes waiting to run");
        m.put(
                StepRecord.FLAG_CPU_STOLEN,
                "the hypervisor gave " + FigureFormat.decimals(StepFigures.STEAL_FLAG_PCT, 0)
                        + " % or more of the machine's CPU time to others during the step (the Steal/% column): a"
                        + " neighbour competed for the physical cores and their caches, and CPU per request is not"
                        + " comparable with a step it spared");
        m.put(StepRecord.FLAG_SOCKET_ERRORS, "connect, read or write errors at the generator");
        m.put(StepRecord.FLAG_TIMEOUTS, "requests unanswered within the generator's timeout");
        m.put(StepRecord.FLAG_HTTP_ERRORS, "answers with status 400 or more");
        m.put(
                StepRecord.FLAG_NOT_STEADY,
                "the front end's warm-up (--warmup-cap), or the step's own lead-in (--lead-in, at most"
                        + " --lead-in-cap), reached its cap before its JIT and the origin's were quiet and its req/s"
                        + " stable: the step may measure a front end still warming up (run.json's readiness,"
                        + " steps.json's leadIn and raw/<front end>/warmup.csv or lead-in-<step>.csv"
                        + " show how far it got)");
        m.put(
                StepRecord.FLAG_JIT_BUSY,
                "the front end's JIT compiled for "
                        + FigureFormat.decimals(SteadyStateDetector.DEFAULT_JIT_QUIET_MS_PER_SEC, 0)
                        + " ms or more per second during the step itself, the rate its warm-up counts as still"
                        + " warming (its compiler threads' CPU, JIT \u00b5s/req times req/s, where they were told"
                        + " apart; else the JIT ms/s column, the JVM's own count, which times each compilation from"
                        + " start to end and so reads high on a busy machine), or its compiler threads "
                        + "took " + FigureFormat.decimals(100 * StepFigures.JIT_BUSY_SHARE, 0)
                        + " % or more of its CPU in the step (JIT \u00b5s/req against \u00b5s/req), as a little"
                        + " compiling at low load can: part of the step's CPU per request is compilation");
        return m;
    }

    /**
     * One line on the lead-ins when some step had one (steps.json's {@code leadIn}), with their range;
     * empty for runs without them, which render as before.
     */
    static String leadIns(List<StepRecord> steps) {
        List<StepRecord.LeadIn> leadIns = steps.stream()
                .map(StepRecord::leadIn)
                .filter(l -> l != null && l.seconds() != null)
                .toList();
        if (leadIns.isEmpty()) {
            return "";
        }
        double min =
                leadIns.stream().mapToDouble(StepRecord.LeadIn::seconds).min().orElse(0);
        double max =
                leadIns.stream().mapToDouble(StepRecord.LeadIn::seconds).max().orElse(0);
        long capped = leadIns.stream().filter(l -> "cap".equals(l.end())).count();
        return "Lead-in: before every step after a front end's first, load at the step's level ran until the JIT was "
                + "quiet and req/s stable again (--lead-in), " + FigureFormat.decimals(min, 1) + "–"
                + FigureFormat.decimals(max, 1) + " s per step"
                + (capped == 0 ? "" : ", " + capped + " reaching the cap (flagged not-steady)")
                + "; raw/<front end>/lead-in-<step>.csv has its windows.\n\n";
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
