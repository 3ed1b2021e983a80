package io.proxybench.loadtest.topology.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.common.testing.Eventually;
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
 * {@link NamespaceBoxes}), each running an sshd with generated keys: the kit reaches them over a
 * private bridge, ships the jars, starts the roles through ssh
 * (the load split across two generator boxes), reads the proxy's admin port (bound to the proxy
 * box's loopback) through an ssh forward, and stops everything. Each box's sshd runs with a
 * private tmpfs on the kit's remote directory, so every box has its own copy of the kit's files and
 * its own run state, as separate machines would. The builtin-generator runs keep the kit in this
 * JVM, in the machine's own namespace; the wrk run starts the kit as a process in a namespace of
 * its own on the same bridge ({@link KitProcess}), so that every address that run uses is inside
 * the test's namespaces, and the boxes see nothing of the kit's disk where it keeps that run's
 * results. Needs root, ip and sshd;
 * {@code PROXYBENCH_REQUIRE=sshd,netns} turns a skip into a failure.
 */
class SshNamespacesRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final KitLayout LAYOUT =
            new KitLayout(Path.of("").toAbsolutePath().getParent());
    private static final CommandRunner RUN = CommandRunner.processes(Duration.ofSeconds(10));
    private static final List<String> NAMES = List.of("generator-a", "generator-b", "proxy", "origin");
    /** The kit's own box, with no sshd: it only connects out. */
    private static final String KIT = "kit";

    @BeforeAll
    static void prerequisites() {
        LocalSshd.assumeAvailable();
        RequiredTool.assumePresent(
                "netns",
                NetnsSupport.netnsSupported(),
                NetnsSupport.unavailableReason(LinkShaping.none()).orElse("'ip netns add' does not work here"));
        assumeTrue(
                Files.isRegularFile(LAYOUT.originJar())
                        && Files.isRegularFile(LAYOUT.proxyJar("netty"))
                        && Files.isRegularFile(LAYOUT.loadgenJar()),
                "the jars are not built (mvn -DskipTests package): skipped");
        System.setProperty(KitLayout.HOME_PROPERTY, LAYOUT.home().toString());
    }

    @Test
    void aRampSplitAcrossTwoGeneratorBoxesReportsAndLeavesNothingRunning(@TempDir Path dir) throws Exception {
        List<LocalSshd> daemons = new ArrayList<>();
        Path boxDir = Files.createDirectories(dir.resolve("box"));
        Path kitOnly = Files.createDirectories(dir.resolve("kit"));
        List<String> all = new ArrayList<>(NAMES);
        all.add(KIT);
        try (NamespaceBoxes boxes = NamespaceBoxes.create(all)) {
            for (String name : NAMES) {
                List<String> prefix = new ArrayList<>(boxes.prefix(name));
                // the box's own disk: what the kit ships there is invisible to the other boxes, and
                // what the kit keeps under kit/ is invisible to the boxes
                prefix.addAll(List.of(
                        "sh",
                        "-c",
                        "mount -t tmpfs pbbox \"$0\" && mount -t tmpfs pbkit \"$1\"" + " && shift && exec \"$@\"",
                        boxDir.toString(),
                        kitOnly.toString()));
                daemons.add(LocalSshd.start(dir.resolve("ssh"), boxes.address(name), 22, prefix));
            }
            Path hosts = dir.resolve("hosts.properties");
            Files.writeString(
                    hosts,
                    String.join(
                            "\n",
                            "generator = " + daemons.get(0).target() + ", "
                                    + daemons.get(1).target(),
                            "proxy     = " + daemons.get(2).target(),
                            "origin    = " + daemons.get(3).target(),
                            "ssh.config = ssh/ssh_config",
                            "remote.dir = " + boxDir,
                            ""));
            List<String> targets = daemons.stream().map(LocalSshd::target).toList();

            Path first = SshLoopbackRunTest.run(
                    dir.resolve("results-1"),
                    "--topology",
                    "hosts",
                    "--hosts",
                    hosts.toString(),
                    "--generator",
                    "builtin",
                    "--front-ends",
                    "netty",
                    "--steps",
                    "21,40",
                    "--duration",
                    "2s",
                    "--warmup",
                    "1s");

            JsonNode topology =
                    JSON.readTree(first.resolve("run.json").toFile()).get("topologyDetails");
            assertThat(topology.get("generatorBoxes"))
                    .extracting(JsonNode::asText)
                    .containsExactly(targets.get(0), targets.get(1));
            assertThat(topology.get("generatorShares").get("21"))
                    .extracting(JsonNode::asInt)
                    .containsExactly(11, 10);
            assertThat(topology.get("generatorShares").get("40"))
                    .extracting(JsonNode::asInt)
                    .containsExactly(20, 20);
            for (String target : targets) {
                assertThat(topology.get("shipping"))
                        .as("each box gets the jars its roles need")
                        .anySatisfy(line -> assertThat(line.asText()).startsWith(target + ": copied "));
            }
            assertThat(JSON.readTree(first.resolve("run.json").toFile())
                            .get("frontEnds")
                            .get(0)
                            .get("command")
                            .toString())
                    .as("the proxy runs the shipped jar")
                    .contains(boxDir + "/files/");
            for (JsonNode step : JSON.readTree(first.resolve("steps.json").toFile())) {
                assertThat(step.get("status").asText()).as(step.toString()).isEqualTo("ok");
                assertThat(step.get("rps").asDouble()).as(step.toString()).isPositive();
                assertThat(step.get("heapUsedMb").asDouble())
                        .as("admin port through the ssh forward")
                        .isPositive();
                assertThat(step.get("netMbps").asDouble())
                        .as("eth0 of the proxy box")
                        .isPositive();
                assertThat(step.get("latencyMerge").asText())
                        .as("merged from both boxes' HdrHistogram logs")
                        .isEqualTo("exact");
                assertSplit(first, step, targets);
            }
            String report = Files.readString(first.resolve("report.md"));
            assertThat(report)
                    .contains("| netty")
                    .contains("are the proxy's box (" + targets.get(2) + ")")
                    .contains("split across 2 generator boxes");
            System.out.println("report.md of the two-generator run:\n" + report);
            SshLoopbackRunTest.assertHostTimelines(
                    first,
                    targets.stream().map(t -> t.substring("ssh:".length())).toList());
            String runId = topology.get("runId").asText();
            assertNothingLeft(runId, boxes, daemons, boxDir);

            Path second = SshLoopbackRunTest.run(
                    dir.resolve("results-2"),
                    "--topology",
                    "hosts",
                    "--hosts",
                    hosts.toString(),
                    "--generator",
                    "builtin",
                    "--front-ends",
                    "netty",
                    "--steps",
                    "20",
                    "--duration",
                    "1s",
                    "--warmup",
                    "1s");
            JsonNode again = JSON.readTree(second.resolve("run.json").toFile()).get("topologyDetails");
            for (String target : targets) {
                assertThat(again.get("shipping"))
                        .as("same sha256: nothing copied again")
                        .anySatisfy(line -> assertThat(line.asText())
                                .startsWith(target + ": ")
                                .contains("nothing copied"));
            }
            assertNothingLeft(again.get("runId").asText(), boxes, daemons, boxDir);

            Path wrk = KitProcess.run(
                    boxes.prefix(KIT),
                    LAYOUT.home(),
                    kitOnly.resolve("results-wrk"),
                    "--topology",
                    "hosts",
                    "--hosts",
                    hosts.toString(),
                    "--generator",
                    "wrk",
                    "--front-ends",
                    "netty",
                    "--steps",
                    "20",
                    "--duration",
                    "1s",
                    "--warmup",
                    "1s");
            assertWrkSplit(wrk, targets);
            assertThat(Files.readString(wrk.resolve("report.md")))
                    .contains("| netty")
                    .contains("are the proxy's box (" + targets.get(2) + ")");
            assertNothingLeft(
                    JSON.readTree(wrk.resolve("run.json").toFile())
                            .get("topologyDetails")
                            .get("runId")
                            .asText(),
                    boxes,
                    daemons,
                    boxDir);
        } finally {
            daemons.forEach(LocalSshd::close);
        }
    }

    /**
     * wrk on both generator boxes, whose disks hold neither the kit's run directory nor its script:
     * the script was shipped, each part's summary fetched, and the parts' spectra merged.
     */
    private static void assertWrkSplit(Path runDir, List<String> targets) throws Exception {
        JsonNode topology = JSON.readTree(runDir.resolve("run.json").toFile()).get("topologyDetails");
        for (String target : targets.subList(0, 2)) {
            assertThat(topology.get("shipping"))
                    .as("the wrk script goes to the generator boxes")
                    .anySatisfy(line -> assertThat(line.asText())
                            .startsWith(target + ": copied ")
                            .contains("wrk-report.lua"));
        }
        JsonNode steps = JSON.readTree(runDir.resolve("steps.json").toFile());
        assertThat(steps).hasSize(1);
        JsonNode step = steps.get(0);
        assertThat(step.get("status").asText()).as(step.toString()).isEqualTo("ok");
        assertThat(step.get("latencyMerge").asText())
                .as("merged from the parts' spectra")
                .isEqualTo("approximate");
        assertThat(step.get("latency").get("p99Ms").asDouble())
                .as(step.toString())
                .isPositive();
        assertSplit(runDir, step, targets);
        for (int i = 1; i <= 2; i++) {
            assertThat(runDir.resolve("raw/netty/generator-" + i + "/wrk-20.json"))
                    .as("fetched from box %d", i)
                    .isRegularFile();
            assertThat(runDir.resolve("raw/netty/generator-" + i + "/wrk-20.txt"))
                    .content()
                    .contains("Requests/sec");
        }
        System.out.println("report.md of the wrk run:\n" + Files.readString(runDir.resolve("report.md")));
    }

    /** Both boxes carried a part of the step; the step's requests are the sum of theirs. */
    private static void assertSplit(Path runDir, JsonNode step, List<String> targets) throws Exception {
        int connections = step.get("connections").asInt();
        JsonNode parts = JSON.readTree(
                runDir.resolve("raw/netty/generators-" + connections + ".json").toFile());
        JsonNode byBox = parts.get("boxes");
        assertThat(byBox).hasSize(2);
        long sum = 0;
        for (int i = 0; i < 2; i++) {
            assertThat(byBox.get(i).get("box").asText()).isEqualTo(targets.get(i));
            assertThat(byBox.get(i).get("share").asInt()).isEqualTo(connections / 2 + (i < connections % 2 ? 1 : 0));
            assertThat(byBox.get(i).get("requests").asLong())
                    .as("box %d's requests", i)
                    .isPositive();
            sum += byBox.get(i).get("requests").asLong();
        }
        assertThat(step.get("requests").asLong()).isEqualTo(sum);
    }

    private static void assertNothingLeft(String runId, NamespaceBoxes boxes, List<LocalSshd> daemons, Path boxDir)
            throws Exception {
        assertThat(SshLoopbackRunTest.processesOfRun(runId)).isEmpty();
        for (LocalSshd daemon : daemons) {
            CommandRunner.Result state = RUN.run(List.of(
                    "nsenter", "-t", Long.toString(daemon.pid()), "-m", "--", "test", "-e", boxDir + "/runs/" + runId));
            assertThat(state.exitCode())
                    .as("the run's state on " + daemon.target())
                    .isEqualTo(1);
        }
        for (String name : NAMES) {
            // only the box's sshd listener may be left in it (its sessions end with the kit's ssh clients)
            Eventually.holds(() -> assertThat(processCount(boxes.namespace(name)))
                    .as("processes in " + name)
                    .isEqualTo(1));
        }
        Eventually.holds(() -> assertThat(processCount(boxes.namespace(KIT)))
                .as("processes in the kit's namespace")
                .isZero());
    }

    private static long processCount(String ns) throws Exception {
        return RUN.run(List.of("ip", "netns", "pids", ns))
                .output()
                .lines()
                .filter(l -> !l.isBlank())
                .count();
    }
}
