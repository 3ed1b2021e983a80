package io.proxybench.loadtest.results;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/** Appends samples.csv row by row (flushed each time: a crash loses at most the current second). */
public final class SamplesFile implements AutoCloseable {

    private final Writer out;

    public SamplesFile(Path file) throws IOException {
        boolean fresh = !Files.exists(file) || Files.size(file) == 0;
        out = Files.newBufferedWriter(
                file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        if (fresh) {
            out.write(CsvFiles.write(Sample.class, List.of(), true));
            out.flush();
        }
    }

    public synchronized void append(Sample sample) throws IOException {
        out.write(CsvFiles.write(Sample.class, List.of(sample), false));
        out.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
