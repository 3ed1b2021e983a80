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
        assertThatThrownBy(() -> Profiler.parse("perf")).hasMessage(
                "--profile: unknown profiler 'perf' (expected none, jfr, async or jfr,async)");
        assertThatThrownBy(() -> Profiler.parse("none,jfr")).isInstanceOf(PlanException.class);
        assertThat(Profiler.JFR.unprofiledNote(List.of(FrontEndSpec.plain(FrontEndKind.NETTY),
                FrontEndSpec.plain(FrontEndKind.NGINX)))).contains("--profile jfr records JVM front ends only: nginx runs without it");
        assertThat(Profiler.NONE.unprofiledNote(List.of(FrontEndSpec.plain(FrontEndKind.NGINX)))).isEmpty();
    }
}
