package io.proxybench.loadtest.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Reads a {@code results/<run-id>/} directory (docs/results-format.md).
 *
 * <p>run.json and steps.json are required; samples.csv is optional (the time charts are then
 * left out). Unknown fields are ignored so that a newer kit's results still render.
 */
public final class ResultsReader {

    public static final String RUN_JSON = "run.json";
    public static final String STEPS_JSON = "steps.json";
    public static final String SAMPLES_CSV = "samples.csv";

    private static final ObjectMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    private ResultsReader() {
    }

    /** Reads the whole directory; throws {@link ResultsFormatException} with a one-line reason. */
    public static RunResults read(Path runDir) throws ResultsFormatException {
        if (!Files.isDirectory(runDir)) {
            throw new ResultsFormatException("not a results directory: " + runDir + " does not exist or is not a directory");
        }
        RunInfo run = readJson(runDir.resolve(RUN_JSON), new TypeReference<RunInfo>() { });
        List<StepResult> steps = readJson(runDir.resolve(STEPS_JSON), new TypeReference<List<StepResult>>() { });
        List<StepResult> present = steps == null ? List.of() : steps.stream().filter(Objects::nonNull).toList();
        Path samplesFile = runDir.resolve(SAMPLES_CSV);
        List<Sample> samples = Files.isRegularFile(samplesFile) ? SamplesCsv.read(samplesFile) : new ArrayList<>();
        return new RunResults(runDir, run == null ? emptyRun() : run, present, samples);
    }

    private static <T> T readJson(Path file, TypeReference<T> type) throws ResultsFormatException {
        if (!Files.isRegularFile(file)) {
            throw new ResultsFormatException("missing " + file.getFileName() + " in " + file.getParent());
        }
        try {
            return JSON.readValue(file.toFile(), type);
        } catch (JsonProcessingException e) {
            throw new ResultsFormatException("unreadable " + file + ": " + oneLine(e.getOriginalMessage())
                    + " at line " + lineOf(e), e);
        } catch (IOException e) {
            throw new ResultsFormatException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static RunInfo emptyRun() {
        return new RunInfo(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null);
    }

    private static String lineOf(JsonProcessingException e) {
        return e.getLocation() == null ? "?" : String.valueOf(e.getLocation().getLineNr());
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s+", " ").trim();
    }
}
