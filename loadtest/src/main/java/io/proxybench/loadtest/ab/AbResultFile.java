package io.proxybench.loadtest.ab;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.proxybench.loadtest.results.AtomicFiles;
import io.proxybench.loadtest.results.ResultsFormatException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code ab.json} and {@code ab.md} in a results directory: {@link AbResult} written and read by the same type. */
public final class AbResultFile {

    public static final String AB_JSON = "ab.json";
    public static final String AB_MD = "ab.md";

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private AbResultFile() {}

    /** Writes both files into {@code runDir}. */
    public static void write(Path runDir, AbResult result) throws IOException {
        AtomicFiles.write(runDir.resolve(AB_JSON), JSON.writeValueAsString(result) + "\n");
        AtomicFiles.write(runDir.resolve(AB_MD), AbTable.markdown(result));
    }

    /** Reads {@code ab.json} of {@code runDir}. */
    public static AbResult read(Path runDir) throws ResultsFormatException {
        Path file = runDir.resolve(AB_JSON);
        try {
            return JSON.readValue(Files.readString(file, StandardCharsets.UTF_8), AbResult.class);
        } catch (JsonProcessingException e) {
            throw new ResultsFormatException(file + ": " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ResultsFormatException(file + ": cannot be read (" + e.getMessage() + ")");
        }
    }
}
