package io.proxybench.loadtest.sample;

import io.proxybench.loadtest.results.CsvCells;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Collectors;

/** Appends samples.csv row by row (flushed each time: a crash loses at most the current second). */
public final class SamplesCsvWriter implements AutoCloseable {

    public static final String HEADER = "epochMs,frontEnd,connections,cpuPct,load1,runQueue,ctxSwPerSec,netMbps,"
            + "memFreeMb,proxyCpuPct,proxyRssMb,proxyThreads,originCpuPct,generatorCpuPct,gcMsPerSec,heapUsedMb";

    private final Writer out;

    public SamplesCsvWriter(Path file) throws IOException {
        boolean fresh = !Files.exists(file) || Files.size(file) == 0;
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        if (fresh) {
            out.write(HEADER + "\n");
            out.flush();
        }
    }

    public synchronized void append(SampleRow r) throws IOException {
        out.write(line(r) + "\n");
        out.flush();
    }

    static String line(SampleRow r) {
        List<Object> cells = List.of(r.epochMs(), r.frontEnd() == null ? "" : r.frontEnd(), r.connections());
        String head = cells.stream().map(CsvCells::cell).collect(Collectors.joining(","));
        Object[] figures = {r.cpuPct(), r.load1(), r.runQueue(), r.ctxSwPerSec(), r.netMbps(), r.memFreeMb(),
            r.proxyCpuPct(), r.proxyRssMb(), r.proxyThreads(), r.originCpuPct(), r.generatorCpuPct(),
            r.gcMsPerSec(), r.heapUsedMb()};
        StringBuilder s = new StringBuilder(head);
        for (Object figure : figures) {
            s.append(',').append(CsvCells.cell(figure));
        }
        return s.toString();
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
