package io.proxybench.loadtest.topology.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.common.testing.RequiredTool;
import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.topology.netns.LinkShaping;
import io.proxybench.loadtest.topology.netns.NetnsSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hosts topology across "boxes" that are network namespaces of the test's own (see
 * {@link NamespaceBoxes}), each running an sshd with generated keys: the kit, in the machine's own
 * namespace, reaches them over a private bridge, starts the roles through ssh, reads the proxy's
 * admin port (bound to the proxy box's loopback) through an ssh forward, and stops everything.
 * Needs root, ip and sshd; {@code PROXYBENCH_REQUIRE=sshd,netns} turns a skip into a failure.
 */
class SshNamespacesRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final KitLayout LAYOUT = new KitLayout(Path.of("").toAbsolutePath().getParent());

    @BeforeAll
    static void prerequisites() {
        LocalSshd.assumeAvailable();
        RequiredTool.assumePresent("netns", NetnsSupport.netnsSupported(),
                NetnsSupport.unavailableReason(LinkShaping.none()).orElse("'ip netns add' does not work here"));
        assumeTrue(Files.isRegularFile(LAYOUT.originJar()) && Files.isRegularFile(LAYOUT.proxyJar("netty")),
                "the jars are not built (mvn -DskipTests package): skipped");
        System.setProperty(KitLayout.HOME_PROPERTY, LAYOUT.home().toString());
    }

    @Test
    void aRampAcrossThreeBoxesReportsAndLeavesNothingRunning(@TempDir Path dir) throws Exception {
        List<String> names = List.of("gen", "proxy", "origin");
        List<LocalSshd> daemons = new ArrayList<>();
        try (NamespaceBoxes boxes = NamespaceBoxes.create(names)) {
            for (String name : names) {
                daemons.add(LocalSshd.start(dir.resolve("ssh"), boxes.address(name), 22, boxes.prefix(name)));
            }
            Path hosts = dir.resolve("hosts.properties");
            Files.writeString(hosts, String.join("\n",
                    "generator = " + daemons.get(0).target(),
                    "proxy     = " + daemons.get(1).target(),
                    "origin    = " + daemons.get(2).target(),
                    "ssh.config = ssh/ssh_config",
                    "remote.dir = " + dir.resolve("box"),
                    ""));

            Path runDir = SshLoopbackRunTest.run(dir.resolve("results"), "--topology", "hosts", "--hosts",
                    hosts.toString(), "--front-ends", "netty", "--steps", "20,40", "--duration", "2s", "--warmup", "1s");

            assertThat(runDir.resolve("report.md")).content().contains("| netty");
            assertThat(runDir.resolve("report.html")).isRegularFile();
            JsonNode run = JSON.readTree(runDir.resolve("run.json").toFile());
            String runId = run.get("topologyDetails").get("runId").asText();
            for (JsonNode step : JSON.readTree(runDir.resolve("steps.json").toFile())) {
                assertThat(step.get("status").asText()).as(step.toString()).isEqualTo("ok");
                assertThat(step.get("rps").asDouble()).as(step.toString()).isPositive();
                assertThat(step.get("heapUsedMb").asDouble()).as("admin port through the ssh forward").isPositive();
                assertThat(step.get("netMbps").asDouble()).as("eth0 of the proxy box").isPositive();
            }
            SshLoopbackRunTest.assertHostTimelines(runDir,
                    daemons.stream().map(d -> d.target().substring("ssh:".length())).toList());
            assertThat(SshLoopbackRunTest.processesOfRun(runId)).isEmpty();
            assertThat(dir.resolve("box/runs/" + runId)).doesNotExist();
            for (String ns : boxes.namespaces()) {
                // only the box's sshd listener may be left in it (its sessions end with the kit's ssh clients)
                assertThat(settledProcessCount(ns)).as("processes in " + ns).isEqualTo(1);
            }
        } finally {
            daemons.forEach(LocalSshd::close);
        }
    }

    private static long settledProcessCount(String ns) throws Exception {
        long count = Long.MAX_VALUE;
        for (int i = 0; i < 30 && count > 1; i++) {
            count = CommandRunner.processes(Duration.ofSeconds(10)).run(List.of("ip", "netns", "pids", ns))
                    .output().lines().filter(l -> !l.isBlank()).count();
            if (count > 1) {
                Thread.sleep(100);
            }
        }
        return count;
    }
}
