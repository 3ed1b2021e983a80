package io.proxybench.loadtest.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.proxybench.common.testing.Eventually;
import io.proxybench.loadtest.proc.NetworkProbe;
import io.proxybench.loadtest.process.Executables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PinnedTopologyTest {

    /** Stands for a topology with a place of its own, like {@code ip netns exec}. */
    private static final class PrefixTopology implements Topology {
        @Override
        public String name() {
            return "prefix";
        }

        @Override
        public void setUp() {}

        @Override
        public String addressOf(Role role) {
            return "10.0.0.1";
        }

        @Override
        public List<String> wrap(Role role, List<String> command) {
            List<String> out = new ArrayList<>(
                    List.of("ip", "netns", "exec", "pb-" + role.name().toLowerCase()));
            out.addAll(command);
            return out;
        }

        @Override
        public NetworkProbe networkProbe(Role role) {
            return NetworkProbe.local("lo");
        }

        @Override
        public void close() {}
    }

    @Test
    void aPinnedRoleRunsUnderTasksetInsideItsPlace() {
        Topology pinned = new PinnedTopology(
                new PrefixTopology(), "/usr/bin/taskset", Map.of(Role.PROXY, "1", Role.GENERATOR, "0,2"));
        assertThat(pinned.wrap(Role.PROXY, List.of("java", "-jar", "proxy-netty.jar")))
                .containsExactly(
                        "ip",
                        "netns",
                        "exec",
                        "pb-proxy",
                        "/usr/bin/taskset",
                        "-c",
                        "1",
                        "java",
                        "-jar",
                        "proxy-netty.jar");
        assertThat(pinned.wrap(Role.GENERATOR, List.of("wrk", "-t2")))
                .containsExactly("ip", "netns", "exec", "pb-generator", "/usr/bin/taskset", "-c", "0,2", "wrk", "-t2");
    }

    @Test
    void anUnpinnedRoleRunsAsTheTopologyRunsIt() {
        Topology pinned = new PinnedTopology(new LoopbackTopology(), "/usr/bin/taskset", Map.of(Role.PROXY, "1"));
        assertThat(pinned.wrap(Role.ORIGIN, List.of("java", "-jar", "stub-origin.jar")))
                .containsExactly("java", "-jar", "stub-origin.jar");
        assertThat(pinned.addressOf(Role.ORIGIN)).isEqualTo("127.0.0.1");
        assertThat(pinned.name()).isEqualTo("loopback");
    }

    @Test
    void theStartedProcessItselfIsPinned() throws Exception {
        Path taskset = Executables.find("taskset").orElse(null);
        assumeTrue(taskset != null, "taskset (util-linux) is not installed");
        String cpu = Integer.toString(Runtime.getRuntime().availableProcessors() - 1);
        Topology pinned = new PinnedTopology(new LoopbackTopology(), taskset.toString(), Map.of(Role.ORIGIN, cpu));
        Process process = new ProcessBuilder(pinned.wrap(Role.ORIGIN, List.of("sleep", "5"))).start();
        try {
            Path proc = Path.of("/proc", Long.toString(process.pid()));
            // taskset sets the mask, then execs the command in the same process
            Eventually.holds(() -> assertThat(Files.readString(proc.resolve("status")))
                    .contains("Name:\tsleep")
                    .contains("Cpus_allowed_list:\t" + cpu + "\n"));
        } finally {
            process.destroy();
            process.waitFor(5, TimeUnit.SECONDS);
        }
    }
}
