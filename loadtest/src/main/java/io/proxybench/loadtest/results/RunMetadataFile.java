package io.proxybench.loadtest.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/** run.json of one run: kept in memory, rewritten atomically on every change. */
public final class RunMetadataFile {

    public static final String RUN_JSON = "run.json";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path file;
    private RunMetadata current;

    public RunMetadataFile(Path runDir, RunMetadata initial) throws IOException {
        this.file = runDir.resolve(RUN_JSON);
        this.current = initial;
        write();
    }

    public synchronized RunMetadata current() {
        return current;
    }

    public synchronized void update(UnaryOperator<RunMetadata> change) throws IOException {
        current = change.apply(current);
        write();
    }

    private void write() throws IOException {
        AtomicFiles.write(file, JSON.writeValueAsString(current) + "\n");
    }
}
