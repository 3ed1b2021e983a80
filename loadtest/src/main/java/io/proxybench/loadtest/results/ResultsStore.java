package io.proxybench.loadtest.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * steps.json and results.csv of a run, rewritten whole (atomically) after every step so that the
 * steps already measured survive whatever happens next.
 */
public final class ResultsStore {

    public static final String STEPS_JSON = "steps.json";
    public static final String RESULTS_CSV = "results.csv";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path runDir;
    private final List<StepRecord> steps = new ArrayList<>();

    public ResultsStore(Path runDir) {
        this.runDir = runDir;
    }

    public synchronized void add(StepRecord step) throws IOException {
        steps.add(step);
        AtomicFiles.write(runDir.resolve(STEPS_JSON), JSON.writeValueAsString(steps) + "\n");
        AtomicFiles.write(runDir.resolve(RESULTS_CSV), csv(steps));
    }

    public synchronized List<StepRecord> steps() {
        return List.copyOf(steps);
    }

    /**
     * The records flattened in steps.json's field order: nested records become
     * {@code latency.p50Ms}-style columns, lists are joined with ';'.
     */
    static String csv(List<StepRecord> records) {
        List<String> columns = new ArrayList<>();
        for (RecordComponent c : StepRecord.class.getRecordComponents()) {
            if (c.getType().isRecord()) {
                for (RecordComponent nested : c.getType().getRecordComponents()) {
                    columns.add(c.getName() + "." + nested.getName());
                }
            } else {
                columns.add(c.getName());
            }
        }
        StringBuilder out = new StringBuilder(String.join(",", columns)).append('\n');
        for (StepRecord r : records) {
            List<Object> cells = new ArrayList<>();
            for (RecordComponent c : StepRecord.class.getRecordComponents()) {
                Object value = valueOf(c, r);
                if (c.getType().isRecord()) {
                    for (RecordComponent nested : c.getType().getRecordComponents()) {
                        cells.add(value == null ? null : valueOf(nested, value));
                    }
                } else if (value instanceof Collection<?> list) {
                    cells.add(list.stream().map(String::valueOf).collect(Collectors.joining(";")));
                } else {
                    cells.add(value);
                }
            }
            out.append(cells.stream().map(CsvCells::cell).collect(Collectors.joining(","))).append('\n');
        }
        return out.toString();
    }

    private static Object valueOf(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + component.getName(), e);
        }
    }
}
