package io.proxybench.loadtest.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.UnaryOperator;

/** run.json of one run: kept in memory, rewritten atomically on every change. */
public final class RunMetadataFile {

    private final Path file;
    private RunMetadata current;

    public RunMetadataFile(RunFiles files, RunMetadata initial) throws IOException {
        this.file = files.runJson();
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
        AtomicFiles.write(file, FlatLayout.JSON.writeValueAsString(FlatLayout.toJson(current)) + "\n");
    }
}
