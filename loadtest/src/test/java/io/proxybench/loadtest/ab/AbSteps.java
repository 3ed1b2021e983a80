package io.proxybench.loadtest.ab;

import io.proxybench.loadtest.results.JvmFigures;
import io.proxybench.loadtest.results.MachineFigures;
import io.proxybench.loadtest.results.StepRecord;
import java.util.ArrayList;
import java.util.List;

/** Synthetic step records of an A/B run whose answer is known. */
final class AbSteps {

    static final String BASE = "netty";
    static final String CAND = "netty@worktree";

    private AbSteps() {}

    static StepRecord step(String frontEnd, int connections, int round, double usPerReq, double rps, String... flags) {
        return new StepRecord(
                frontEnd,
                "netty",
                connections,
                "ok",
                null,
                List.of(flags),
                "2026-12-05T00:00:00Z",
                5.0,
                new StepRecord.Load((long) (rps * 5), rps),
                new StepRecord.Latency(52.0, 51.0 + round * 0.01, 52.0, 55.0, 70.0 - round * 0.01, 90.0),
                new StepRecord.Errors(0L, 0L, 0L, 0L, 0L),
                new MachineFigures(50.0, 1.0, 1.0, 1000.0, 10.0, 1000.0, null),
                new StepRecord.Processes(80.0, usPerReq, 20.0, 300.0, 20, 10.0, 30.0, 1.0, 0.5),
                new JvmFigures(1.0, 2L, 100.0, null),
                new StepRecord.Ceiling(2000.0, rps / 20),
                null,
                null,
                round,
                null,
                null,
                null,
                null,
                null);
    }

    /**
     * {@code rounds} rounds at one step: the baseline's CPU per request {@code 50 + round}, the candidate's that
     * times {@code factor}; req/s and latency alike on both sides, interleaved so that they cannot separate.
     */
    static List<StepRecord> rounds(int connections, int rounds, double factor) {
        return rounds(connections, rounds, factor, 1.0);
    }

    /** The same with the baseline's CPU per request {@code 50 + round × spread}. */
    static List<StepRecord> rounds(int connections, int rounds, double factor, double spread) {
        List<StepRecord> out = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            double rps = 2000 + (r % 2 == 0 ? r : -r);
            out.add(step(BASE, connections, r, 50 + r * spread, rps));
            out.add(step(CAND, connections, r, (50 + r * spread) * factor, rps + 0.5));
        }
        return out;
    }
}
