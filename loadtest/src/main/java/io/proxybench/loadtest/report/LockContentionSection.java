package io.proxybench.loadtest.report;

import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import java.util.List;

/**
 * report.md's "Most contended locks" section, for a run made with {@code --profile async}: per front
 * end and step, the lock object its threads waited for longest and the wait async-profiler sampled for
 * it. A blocking front end can break without a CPU hot spot, all its threads queued on one lock (a
 * pool's, a logger's); this names the lock, and the step's lock flame graph shows where it was taken.
 */
public final class LockContentionSection {

    private LockContentionSection() {}

    /** The section with its heading, or the empty string when no step recorded a contended lock. */
    public static String render(RunResults results) {
        List<StepRecord> steps = results.stepsInTableOrder().stream()
                .filter(s -> s.locks().mostContendedLock() != null)
                .toList();
        if (steps.isEmpty()) {
            return "";
        }
        List<List<String>> rows = steps.stream()
                .map(s -> List.of(
                        s.frontEnd(),
                        FigureFormat.integer(s.connections()),
                        "`" + s.locks().mostContendedLock() + "`",
                        FigureFormat.decimals(s.locks().mostContendedLockMs(), 2)))
                .toList();
        return "## Most contended locks\n\n"
                + "From each step's async-profiler session (`--profile async`): the class of the lock object"
                + " (a contended monitor or a `java.util.concurrent` lock) the front end's threads waited for"
                + " longest, and those waits added up, sampled about every 10 µs of waiting. Where it was taken:"
                + " `raw/<front end>/<step>-lock.html`.\n\n"
                + MarkdownTable.render(
                        List.of("Run", results.run().unit().header(), "Lock", "Waited ms"),
                        List.of(false, true, false, true),
                        rows)
                + "\n";
    }
}
