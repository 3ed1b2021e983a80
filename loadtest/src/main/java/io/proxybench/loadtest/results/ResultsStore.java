package io.proxybench.loadtest.results;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * steps.json and results.csv of a run, rewritten whole (atomically) after every step so that the
 * steps already measured survive whatever happens next. Both are {@link StepRecord}s laid out by
 * {@link FlatLayout}: results.csv holds the same fields as steps.json.
 */
public final class ResultsStore {

    private final RunFiles files;
    private final List<StepRecord> steps = new ArrayList<>();

    public ResultsStore(RunFiles files) {
        this.files = files;
    }

    public synchronized void add(StepRecord step) throws IOException {
        steps.add(step);
        AtomicFiles.write(files.stepsJson(), json(steps));
        AtomicFiles.write(files.resultsCsv(), CsvFiles.write(StepRecord.class, steps, true));
    }

    public synchronized List<StepRecord> steps() {
        return List.copyOf(steps);
    }

    static String json(List<StepRecord> records) throws IOException {
        var array = FlatLayout.JSON.createArrayNode();
        records.forEach(r -> array.add(FlatLayout.toJson(r)));
        return FlatLayout.JSON.writeValueAsString(array) + "\n";
    }
}
