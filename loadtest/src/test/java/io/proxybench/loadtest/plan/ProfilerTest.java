package io.proxybench.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProfilerTest {

    @Test
    void profileListsJfrAsyncOrBoth() throws PlanException {
        assertThat(Profiler.parse("none")).isEqualTo(Profiler.NONE);
        assertThat(Profiler.parse("jfr")).isEqualTo(Profiler.JFR);
        assertThat(Profiler.parse("async,jfr").id()).isEqualTo("jfr,async");
        assertThatThrownBy(() -> Profiler.parse("perf"))
                .hasMessage("--profile: unknown profiler 'perf' (expected none, or jfr, async, syscalls joined with"
                        + " commas)");
        assertThatThrownBy(() -> Profiler.parse("none,jfr")).isInstanceOf(PlanException.class);
        assertThat(Profiler.JFR.unprofiledNote(
                        List.of(FrontEndSpec.plain(FrontEndKind.NETTY), FrontEndSpec.plain(FrontEndKind.NGINX))))
                .contains("--profile jfr records JVM front ends only: nginx runs without it");
        assertThat(Profiler.NONE.unprofiledNote(List.of(FrontEndSpec.plain(FrontEndKind.NGINX))))
                .isEmpty();
    }

    @Test
    void systemCallsAreCountedForEveryFrontEndSoOnlyTheJvmRecordingsHaveANote() throws PlanException {
        List<FrontEndSpec> both =
                List.of(FrontEndSpec.plain(FrontEndKind.NETTY), FrontEndSpec.plain(FrontEndKind.NGINX));
        Profiler syscalls = Profiler.parse("syscalls");
        Profiler all = Profiler.parse("syscalls,async,jfr");

        assertThat(syscalls.syscalls()).isTrue();
        assertThat(syscalls.jvm()).isFalse();
        assertThat(syscalls.unprofiledNote(both)).isEmpty();
        assertThat(all.id()).isEqualTo("jfr,async,syscalls");
        assertThat(all.unprofiledNote(both))
                .contains("--profile jfr,async records JVM front ends only: nginx runs without it");
        assertThatThrownBy(() -> Profiler.parse("none,syscalls")).isInstanceOf(PlanException.class);
    }
}
