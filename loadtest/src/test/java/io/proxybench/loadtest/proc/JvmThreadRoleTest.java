package io.proxybench.loadtest.proc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JvmThreadRoleTest {

    @Test
    void hotspotsCompilersAsTheKernelKeepsTheirNames() {
        // "C2 CompilerThread0" cut to 15 characters
        assertThat(JvmThreadRole.of("C2 CompilerThre")).isEqualTo(JvmThreadRole.COMPILER);
        assertThat(JvmThreadRole.of("C1 CompilerThre")).isEqualTo(JvmThreadRole.COMPILER);
        assertThat(JvmThreadRole.of("JVMCI-native Co")).isEqualTo(JvmThreadRole.COMPILER);
    }

    /** The collectors' threads of Parallel (JDK 17), G1, ZGC and Shenandoah as /proc shows them. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "GC Thread#0",
                "GC Thread#11",
                "G1 Main Marker",
                "G1 Conc#0",
                "G1 Refine#0",
                "G1 Service",
                "ZDirector",
                "ZWorker#3",
                "Shenandoah Cont"
            })
    void collectorThreads(String name) {
        assertThat(JvmThreadRole.of(name)).isEqualTo(JvmThreadRole.GC);
    }

    /** What serves requests, and the JVM's other threads: the VM thread's share at a pause stays here. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "proxy-inbound-1",
                "http-apr-8080-e",
                "eventloop-watch",
                "VM Thread",
                "VM Periodic Tas",
                "Sweeper thread",
                "java",
                "nginx",
                "haproxy"
            })
    void everythingElse(String name) {
        assertThat(JvmThreadRole.of(name)).isEqualTo(JvmThreadRole.OTHER);
    }
}
