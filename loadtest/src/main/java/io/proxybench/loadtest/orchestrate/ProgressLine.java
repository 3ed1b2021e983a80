package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.results.StepRecord;
import java.util.Locale;

/**
 * The one stdout line per step: {@code [netty] 700 conns: 13283 req/s  p90 54.25 ms  cpu 47%}; in the
 * open model {@code [netty] 1000 req/s offered: 998 req/s ...}; in a repeated run
 * {@code [netty] 700 conns, repeat 2/3: ...}.
 */
final class ProgressLine {

    private ProgressLine() {}

    /** What follows the step's number. */
    static String stepNoun(LoadModel model) {
        return model == LoadModel.OPEN ? "req/s offered" : "conns";
    }

    /** The line before a front end's turn in a repeated run: {@code repeat 2/3: netty}. */
    static String turn(int repeat, int repeats, String label) {
        return "repeat " + repeat + "/" + repeats + ": " + label;
    }

    /**
     * With {@code repeats} above 1 the step's repeat follows its number:
     * {@code [netty] 700 conns, repeat 2/3: ...}.
     */
    static String of(StepRecord r, String stepNoun, int repeats) {
        String repeat = repeats > 1 && r.repeat() != null ? ", repeat " + r.repeat() + "/" + repeats : "";
        String head = "[" + r.frontEnd() + "] " + r.connections() + " " + stepNoun + repeat + ": ";
        if (StepRecord.FAILED.equals(r.status())) {
            return head + "failed: " + r.failure();
        }
        StringBuilder s = new StringBuilder(head);
        s.append(String.format(Locale.ROOT, "%.0f req/s", r.load().rps()));
        if (r.latency().p90Ms() != null) {
            s.append(String.format(Locale.ROOT, "  p90 %.2f ms", r.latency().p90Ms()));
        }
        if (r.machine().cpuPct() != null) {
            s.append(String.format(Locale.ROOT, "  cpu %.0f%%", r.machine().cpuPct()));
        }
        if (r.processes().proxyCpuPct() != null) {
            s.append(String.format(Locale.ROOT, "  proxy %.0f%%", r.processes().proxyCpuPct()));
        }
        if (!r.flags().isEmpty()) {
            s.append("  [").append(String.join(", ", r.flags())).append(']');
        }
        return s.toString();
    }
}
