package io.proxybench.loadtest.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SyscallCountsTest {

    private static SyscallCounts counts(String frontEnd, int repeat) {
        Map<String, Long> calls = new LinkedHashMap<>();
        calls.put("all", 58_210L);
        calls.put("writev", 19_722L);
        calls.put("getsockname", 0L);
        return new SyscallCounts(frontEnd, 400, repeat, 9_800, calls);
    }

    @Test
    void whatIsWrittenReadsBackTheSameInTheSameOrder(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(SyscallCounts.fileName("400"));
        counts("netty[a=1,b=2]", 2).write(file);

        SyscallCounts read = SyscallCounts.read(file);

        assertThat(read).isEqualTo(counts("netty[a=1,b=2]", 2));
        assertThat(read.calls().keySet()).containsExactly("all", "writev", "getsockname");
        assertThat(file.getFileName().toString()).isEqualTo("syscalls-400.json");
        assertThat(read.perRequest("writev")).isEqualTo(19_722 / 9_800.0);
        assertThat(read.perRequest("futex")).as("not counted").isNull();
    }

    @Test
    void everyStepsCountsAreFoundUnderRawRepeatsIncluded(@TempDir Path dir) throws Exception {
        counts("nginx", 1)
                .write(Files.createDirectories(dir.resolve("raw/nginx/r1")).resolve("syscalls-400.json"));
        counts("nginx", 2)
                .write(Files.createDirectories(dir.resolve("raw/nginx/r2")).resolve("syscalls-400.json"));
        Files.writeString(dir.resolve("raw/nginx/r1/latency-400.json"), "{}");

        assertThat(SyscallCounts.under(dir.resolve("raw")))
                .extracting(SyscallCounts::repeat)
                .containsExactlyInAnyOrder(1, 2);
        assertThat(SyscallCounts.under(dir.resolve("no-such-dir"))).isEmpty();
    }

    @Test
    void aFileOfAnotherKindSaysSo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("syscalls-400.json");
        Files.writeString(file, "{\"format\":\"proxybench-latency-spectrum/1\",\"points\":[]}");

        assertThatThrownBy(() -> SyscallCounts.read(file))
                .isInstanceOf(ResultsFormatException.class)
                .hasMessageContaining("is not a step's system call counts (proxybench-syscalls/1)");
    }
}
