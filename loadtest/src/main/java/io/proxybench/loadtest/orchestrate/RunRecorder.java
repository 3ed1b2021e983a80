package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.results.ResultsStore;
import io.proxybench.loadtest.results.RunMetadata.FrontEndInfo;
import io.proxybench.loadtest.results.RunMetadataFile;
import io.proxybench.loadtest.results.StepRecord;
import java.io.IOException;
import java.io.PrintWriter;
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
    private boolean anyFailed;

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
        anyFailed |= StepRecord.FAILED.equals(record.status());
        out.println(ProgressLine.of(record, stepNoun, repeats));
        out.flush();
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

    boolean anyFailed() {
        return anyFailed;
    }
}
