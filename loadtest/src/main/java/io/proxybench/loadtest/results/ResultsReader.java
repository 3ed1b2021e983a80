package io.proxybench.loadtest.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a {@code results/<run-id>/} directory (docs/results-format.md) into the same records the
 * run wrote.
 *
 * <p>run.json and steps.json are required; samples.csv is optional (the time charts are then
 * left out). Unknown fields are ignored and missing ones are null, so that the results of an older
 * or a newer kit still render. A samples.csv row that cannot be read is skipped and counted: one bad
 * second must not cost the whole report.
 */
public final class ResultsReader {

    private static final Logger LOG = LoggerFactory.getLogger(ResultsReader.class);

    private ResultsReader() {}

    /** Reads the whole directory; throws {@link ResultsFormatException} with a one-line reason. */
    public static RunResults read(Path runDir) throws ResultsFormatException {
        if (!Files.isDirectory(runDir)) {
            throw new ResultsFormatException(
                    "not a results directory: " + runDir + " does not exist or is not a directory");
        }
        RunFiles files = RunFiles.of(runDir);
        JsonNode runJson = readJson(files.runJson());
        JsonNode stepsJson = readJson(files.stepsJson());
        RunMetadata run = bind(files.runJson(), runJson, RunMetadata.class);
        if (!stepsJson.isArray() && !stepsJson.isNull()) {
            throw new ResultsFormatException("unreadable " + files.stepsJson() + ": not an array of steps");
        }
        List<StepRecord> steps = new ArrayList<>();
        for (JsonNode step : stepsJson) {
            if (!step.isNull()) {
                steps.add(bind(files.stepsJson(), step, StepRecord.class));
            }
        }
        List<Sample> samples = Files.isRegularFile(files.samplesCsv()) ? readSamples(files.samplesCsv()) : List.of();
        return new RunResults(runDir, run == null ? emptyRun() : run, steps, samples);
    }

    /** A JSON file of the run; what is wrong with it (missing, unreadable, where) in one line. */
    static JsonNode readJson(Path file) throws ResultsFormatException {
        if (!Files.isRegularFile(file)) {
            throw new ResultsFormatException("missing " + file.getFileName() + " in " + file.getParent());
        }
        try {
            return FlatLayout.JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new ResultsFormatException(
                    "unreadable " + file + ": " + oneLine(e.getOriginalMessage()) + " at line " + lineOf(e), e);
        } catch (IOException e) {
            throw new ResultsFormatException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static <T extends Record> T bind(Path file, JsonNode node, Class<T> type) throws ResultsFormatException {
        try {
            return FlatLayout.fromJson(node, type);
        } catch (JsonProcessingException e) {
            throw new ResultsFormatException("unreadable " + file + ": " + oneLine(e.getOriginalMessage()), e);
        }
    }

    private static List<Sample> readSamples(Path file) throws ResultsFormatException {
        CsvFiles.Table table;
        try {
            table = CsvFiles.read(file);
        } catch (IOException e) {
            throw new ResultsFormatException("cannot read " + file + ": " + oneLine(e.getMessage()), e);
        }
        List<Sample> samples = new ArrayList<>();
        int skipped = 0;
        String firstBad = null;
        if (!table.rows().isEmpty() && !table.columns().containsAll(List.of("epochMs", "frontEnd"))) {
            throw new ResultsFormatException(file + ": header lacks epochMs or frontEnd");
        }
        for (CsvFiles.Row row : table.rows()) {
            try {
                String epoch = row.cells().get("epochMs");
                if (epoch == null || epoch.isBlank()) {
                    throw new IllegalArgumentException("empty epochMs");
                }
                samples.add(FlatLayout.fromRow(row.cells(), Sample.class));
            } catch (IllegalArgumentException e) {
                skipped++;
                if (firstBad == null) {
                    firstBad = "line " + row.line() + ": " + e.getMessage();
                }
            }
        }
        if (skipped > 0) {
            LOG.warn("samples.csv: skipped {} unreadable rows (first at {})", skipped, firstBad);
        }
        return samples;
    }

    private static RunMetadata emptyRun() {
        return RunMetadata.builder().build();
    }

    private static String lineOf(JsonProcessingException e) {
        return e.getLocation() == null ? "?" : String.valueOf(e.getLocation().getLineNr());
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s+", " ").trim();
    }
}
