package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.results.StepRecord;
import java.util.Locale;

/**
 * The one stdout line per step: {@code [netty] 700 conns: 13283 req/s  p90 54.25 ms  cpu 47%}; in the
 * open model {@code [netty] 1000 req/s offered: 998 req/s ...}.
 */
final class ProgressLine {

    private ProgressLine() {
    }

    /** What follows the step's number. */
    static String stepNoun(LoadModel model) {
        return model == LoadModel.OPEN ? "req/s offered" : "conns";
    }

    static String of(StepRecord r, String stepNoun) {
        String head = "[" + r.frontEnd() + "] " + r.connections() + " " + stepNoun + ": ";
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
