package io.proxybench.loadtest.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.common.testing.RequiredTool;
import java.io.FileInputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SyscallCounterTest {

    /** perf stat -x , as perf 6.1 writes it, with one event it could not count. */
    private static final String PERF_OUTPUT = """
            # started on Fri Nov 27 11:31:02 2026

            58210,,raw_syscalls:sys_enter,10002571846,100.00,,
            19722,,syscalls:sys_enter_writev,10002571846,100.00,,
            19760,,syscalls:sys_enter_recvfrom,10002571846,100.00,,
            <not counted>,,syscalls:sys_enter_io_uring_enter,0,0.00,,
            8811,,syscalls:sys_enter_epoll_pwait2,10002571846,100.00,,
            """;

    @Test
    void perfsLinesBecomeEveryCallFirstThenEachNamedOneItCounted() throws ProfilerException {
        Map<String, Long> calls = SyscallCounter.parse(PERF_OUTPUT);

        assertThat(calls)
                .containsExactly(
                        Map.entry("all", 58210L),
                        Map.entry("writev", 19722L),
                        Map.entry("recvfrom", 19760L),
                        Map.entry("epoll_pwait2", 8811L));
    }

    @Test
    void outputWithoutTheTotalIsNotACount() {
        assertThatThrownBy(() -> SyscallCounter.parse("<not counted>,,raw_syscalls:sys_enter,0,0.00,,\n"))
                .isInstanceOf(ProfilerException.class)
                .hasMessageContaining("raw_syscalls:sys_enter");
    }

    @Test
    void countsTheCallsAProcessMakesWhileItCounts(@TempDir Path dir) throws Exception {
        SyscallCounter counter = available();
        assertThat(counter.calls()).contains("read", "writev", "epoll_ctl", "getsockname");

        SyscallCounter.Counting counting =
                counter.start(List.of(ProcessHandle.current().pid()), dir.resolve("perf.txt"));
        // one read(2) per call: an unbuffered stream on /dev/zero
        try (FileInputStream zero = new FileInputStream("/dev/zero")) {
            for (int i = 0; i < 2000; i++) {
                zero.read();
            }
        }
        Map<String, Long> calls = counting.stop();

        assertThat(calls.get("read")).isGreaterThanOrEqualTo(2000L);
        assertThat(calls.get("all")).isGreaterThanOrEqualTo(calls.get("read"));
    }

    private static SyscallCounter available() {
        SyscallCounter counter = null;
        String reason = null;
        try {
            counter = SyscallCounter.find();
        } catch (ProfilerException e) {
            reason = e.getMessage();
        }
        RequiredTool.assumePresent("perf", counter != null, reason == null ? "" : reason);
        return counter;
    }
}
