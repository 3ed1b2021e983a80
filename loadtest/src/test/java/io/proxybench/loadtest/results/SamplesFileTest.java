package io.proxybench.loadtest.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SamplesFileTest {

    @Test
    void writesTheHeaderOfTheResultsFormatOnceAndOneRowPerSample(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("samples.csv");
        try (SamplesFile csv = new SamplesFile(file)) {
            csv.append(new Sample(
                    1795305656317L,
                    "netty",
                    700,
                    new MachineFigures(47.25, 6.93, 3.0, 93207.48, 313.06, 20000.0, 1.5),
                    new Sample.Processes(80.0, 30.5, 350.5, 23, 20.0, 60.0),
                    new JvmFigures(3.5, 1L, 210.0, 12.5),
                    1000));
            csv.append(new Sample(1795305657317L, "netty[a=1,b=2]", 0, null, null, null, 1000));
        }
        List<String> lines = Files.readAllLines(file);
        // the columns of docs/results-format.md (load1 is now loadAvg, as in steps.json; proxySysCpuPct stands
        // beside the proxyCpuPct it is part of)
        assertThat(lines.get(0))
                .isEqualTo("epochMs,frontEnd,connections,cpuPct,loadAvg,runQueue,ctxSwPerSec,netMbps,"
                        + "memFreeMb,stealPct,proxyCpuPct,proxySysCpuPct,proxyRssMb,proxyThreads,originCpuPct,"
                        + "generatorCpuPct,gcMsPerSec,gcCount,heapUsedMb,jitMsPerSec,intervalMs,host");
        assertThat(lines.get(1))
                .isEqualTo("1795305656317,netty,700,47.25,6.93,3,93207.48,313.06,20000,1.5,80,30.5,350.5,"
                        + "23,20,60,3.5,1,210,12.5,1000,");
        // a label with commas is quoted; unmeasured cells are empty
        assertThat(lines.get(2)).isEqualTo("1795305657317,\"netty[a=1,b=2]\",0,,,,,,,,,,,,,,,,,,1000,");
    }

    @Test
    void aFileWithoutTheHostColumnReadsWithTheHostEmpty(@TempDir Path dir) throws Exception {
        Files.writeString(
                dir.resolve(RunFiles.SAMPLES_CSV),
                "epochMs,frontEnd,connections,cpuPct,intervalMs\n" + "1795305656317,netty,700,47.25,1000\n");
        Files.writeString(dir.resolve(RunFiles.RUN_JSON), "{}");
        Files.writeString(dir.resolve(RunFiles.STEPS_JSON), "[]");

        Sample sample = ResultsReader.read(dir).samples().get(0);

        assertThat(sample.host()).isNull();
        assertThat(sample.machine().cpuPct()).isEqualTo(47.25);
    }

    @Test
    void appendingToAnExistingFileKeepsOneHeader(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("samples.csv");
        new SamplesFile(file).close();
        new SamplesFile(file).close();
        assertThat(Files.readAllLines(file)).hasSize(1);
    }

    @Test
    void whatIsWrittenReadsBackAsTheSameSamples(@TempDir Path dir) throws Exception {
        Sample full = new Sample(
                1795305656317L,
                "netty[a=1,b=2]",
                700,
                new MachineFigures(47.25, 6.93, 3.0, 93207.48, 313.06, 20000.0, 0.75),
                new Sample.Processes(80.0, 30.5, 350.5, 23, 20.0, 60.0),
                new JvmFigures(3.5, 1L, 210.0, 12.5),
                1000);
        Sample empty = new Sample(1795305657317L, "tomcat", 0, null, null, null, 1000);
        Sample remote = new Sample(
                1795305657317L,
                "tomcat",
                0,
                new MachineFigures(12.5, null, 1.0, 900.0, 2.5, 512.0, null),
                null,
                null,
                1000,
                "ssh:bench@proxy-1");
        try (SamplesFile csv = new SamplesFile(dir.resolve(RunFiles.SAMPLES_CSV))) {
            csv.append(full);
            csv.append(empty);
            csv.append(remote);
        }
        Files.writeString(dir.resolve(RunFiles.RUN_JSON), "{}");
        Files.writeString(dir.resolve(RunFiles.STEPS_JSON), "[]");

        assertThat(ResultsReader.read(dir).samples()).containsExactly(full, empty, remote);
    }
}
