package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.SyscallCounts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SyscallsSectionTest {

    @TempDir
    Path tmp;

    private static void write(
            Path raw,
            String frontEnd,
            int connections,
            int repeat,
            long requests,
            long all,
            long getsockname,
            long futex)
            throws Exception {
        Map<String, Long> calls = new LinkedHashMap<>();
        calls.put("all", all);
        calls.put("getsockname", getsockname);
        calls.put("futex", futex);
        Path dir = Files.createDirectories(raw.resolve(frontEnd).resolve("r" + repeat));
        new SyscallCounts(frontEnd, connections, repeat, requests, calls)
                .write(dir.resolve(SyscallCounts.fileName(Integer.toString(connections))));
    }

    @Test
    void eachStepTablesItsFrontEndsCallsPerRequestOverAllRepeats() throws Exception {
        SampleRun run = SampleRun.copyTo(tmp.resolve("run"));
        Path raw = run.dir().resolve("raw");
        // tomcat: (4000 + 6000) calls over (1000 + 1000) requests = 5.00; its futex rarer than shown
        write(raw, "tomcat", 700, 1, 1000, 4000, 0, 5);
        write(raw, "tomcat", 700, 2, 1000, 6000, 0, 5);
        write(raw, "netty", 700, 1, 2000, 9000, 2000, 10);

        String section = SyscallsSection.render(ResultsReader.read(run.dir()));

        assertThat(section).startsWith("## System calls per request\n\n");
        // columns in the run's order of front ends
        assertThat(section)
                .contains("### 700 connections\n\n| call        | tomcat | netty |")
                .contains("| all         |   5.00 |  4.50 |")
                .contains("| getsockname |   0.00 |  1.00 |")
                .doesNotContain("| futex");
        assertThat(MarkdownReport.render(ResultsReader.read(run.dir()))).contains(section);
    }

    @Test
    void aRunWithoutCountsHasNoSection() throws Exception {
        assertThat(SyscallsSection.render(ResultsReader.read(SampleRun.sourceDir())))
                .isEmpty();
    }
}
