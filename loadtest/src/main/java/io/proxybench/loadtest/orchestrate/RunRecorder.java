package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.results.ResultsStore;
import io.proxybench.loadtest.results.RunMetadata.FrontEndInfo;
import io.proxybench.loadtest.results.RunMetadataFile;
import io.proxybench.loadtest.results.StepRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Where a run's outcomes go as they happen: the result files and the progress line on stdout. */
final class RunRecorder {

    private static final Logger LOG = LoggerFactory.getLogger(RunRecorder.class);

    private final ResultsStore store;
    private final RunMetadataFile metadata;
    private final PrintWriter out;
    private final String stepNoun;
    private final int repeats;
    private final List<StepRecord> recorded = new ArrayList<>();
    private boolean anyFailed;
    private final List<String> startFailures = new ArrayList<>();

    /**
     * @param stepNoun what a step's number counts on the progress line ({@link ProgressLine#stepNoun})
     * @param repeats  how many times each front end runs its steps
     */
    RunRecorder(ResultsStore store, RunMetadataFile metadata, PrintWriter out, String stepNoun, int repeats) {
        this.store = store;
        this.metadata = metadata;
        this.out = out;
        this.stepNoun = stepNoun;
        this.repeats = repeats;
    }

    void step(StepRecord record) throws IOException {
        store.add(record);
        recorded.add(record);
        anyFailed |= StepRecord.FAILED.equals(record.status());
        out.println(ProgressLine.of(record, stepNoun, repeats));
        out.flush();
    }

    /** A front end that never got ready: its steps fail, and the run ends as bad input (exit 2). */
    void startFailed(FrontEndSpec spec, String reason) {
        startFailures.add(spec.label() + ": " + reason);
    }

    /** One line per front end that did not start, with its reason. */
    List<String> startFailures() {
        return List.copyOf(startFailures);
    }

    /** With repeats, a line before each front end's turn says which repeat it is. */
    void turnStarting(int repeat, FrontEndSpec spec) {
        if (repeats > 1) {
            out.println(ProgressLine.turn(repeat, repeats, spec.label()));
            out.flush();
        }
    }

    void frontEndStarted(FrontEndInfo info) throws IOException {
        metadata.update(m -> m.withFrontEnd(info));
    }

    void warning(String warning) throws IOException {
        LOG.warn("{}", warning);
        metadata.update(m -> m.withWarning(warning));
    }

    /**
     * With {@code --until-undisturbed}, the line that says why the run ends before its last repeat, or
     * what the ratios still lack after a round.
     */
    void roundEnded(int repeat, List<String> shortOf, int wanted) {
        boolean last = repeat >= repeats;
        String line = "after repeat " + repeat + "/" + repeats + ": "
                + (shortOf.isEmpty()
                        ? "every ratio has " + wanted + " undisturbed repeats" + (last ? "" : "; the run stops here")
                        : "fewer than " + wanted + " undisturbed repeats for " + String.join(", ", shortOf)
                                + (last ? "; no repeats left" : ""));
        out.println(line);
        out.flush();
    }

    /** The steps recorded so far, in run order. */
    List<StepRecord> steps() {
        return List.copyOf(recorded);
    }

    boolean anyFailed() {
        return anyFailed;
    }
}
