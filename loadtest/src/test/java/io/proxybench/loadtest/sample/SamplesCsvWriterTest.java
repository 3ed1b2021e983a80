package io.proxybench.loadtest.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SamplesCsvWriterTest {

    @Test
    void writesTheHeaderOfTheResultsFormatOnceAndOneRowPerSample(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("samples.csv");
        try (SamplesCsvWriter csv = new SamplesCsvWriter(file)) {
            csv.append(new SampleRow(1795305656317L, 1000, "netty", 700, 47.25, 6.93, 3.0, 93207.48, 313.06, 20000.0,
                    80.0, 350.5, 23, 20.0, 60.0, 3.5, 210.0));
            csv.append(new SampleRow(1795305657317L, 1000, "netty[a=1,b=2]", 0, null, null, null, null, null, null,
                    null, null, null, null, null, null, null));
        }
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).isEqualTo("epochMs,frontEnd,connections,cpuPct,load1,runQueue,ctxSwPerSec,netMbps,"
                + "memFreeMb,proxyCpuPct,proxyRssMb,proxyThreads,originCpuPct,generatorCpuPct,gcMsPerSec,heapUsedMb");
        assertThat(lines.get(1)).isEqualTo("1795305656317,netty,700,47.25,6.93,3,93207.48,313.06,20000,80,350.5,23,20,60,"
                + "3.5,210");
        // a label with commas is quoted; unmeasured cells are empty
        assertThat(lines.get(2)).isEqualTo("1795305657317,\"netty[a=1,b=2]\",0,,,,,,,,,,,,,");
    }

    @Test
    void appendingToAnExistingFileKeepsOneHeader(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("samples.csv");
        new SamplesCsvWriter(file).close();
        new SamplesCsvWriter(file).close();
        assertThat(Files.readAllLines(file)).hasSize(1);
    }
}
