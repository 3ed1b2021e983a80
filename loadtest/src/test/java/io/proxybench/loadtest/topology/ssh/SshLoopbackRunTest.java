package io.proxybench.loadtest.topology.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.loadtest.cli.ProxybenchMain;
import io.proxybench.loadtest.process.KitLayout;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code proxybench run --topology hosts} for real: every role on one "box", this machine's loopback,
 * reached through an sshd the test starts on a port of its own with generated keys. Needs sshd, ssh
 * and root; skipped with the reason without them, failed where {@code PROXYBENCH_REQUIRE} names sshd.
 */
class SshLoopbackRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final KitLayout LAYOUT =
            new KitLayout(Path.of("").toAbsolutePath().getParent());

    @BeforeAll
    static void sshdAndJars() {
        LocalSshd.assumeAvailable();
        assumeTrue(
                Files.isRegularFile(LAYOUT.originJar()) && Files.isRegularFile(LAYOUT.proxyJar("netty")),
                "the jars are not built (mvn -DskipTests package): skipped");
        System.setProperty(KitLayout.HOME_PROPERTY, LAYOUT.home().toString());
    }

    @Test
    void aRampThroughSshOnLoopbackReportsAndLeavesNothingRunning(@TempDir Path dir) throws Exception {
        int port = freePort();
        try (LocalSshd sshd = LocalSshd.start(dir.resolve("ssh"), "127.0.0.1", port, List.of())) {
            Path hosts = everyRoleOn(sshd, dir);

            // a front end of the user's own runs on the proxy box too, from its definition
            Path runFile = Files.writeString(
                    dir.resolve("run.yaml"),
                    String.join(
                            "\n",
                            "front-ends:",
                            "  - netty",
                            "  - name: netty-def",
                            "    command: " + LAYOUT.home().resolve("bin/proxy-netty")
                                    + " --port {{port}} --admin-port 0 --route /={{origin}}"
                                    + " --set server.bind={{address}}",
                            "    ready: listening",
                            ""));
            Path runDir = run(
                    dir.resolve("results"),
                    runFile.toString(),
                    "--topology",
                    "hosts",
                    "--hosts",
                    hosts.toString(),
                    "--steps",
                    "50,100",
                    "--duration",
                    "3s",
                    "--warmup",
                    "1s");

            assertThat(runDir.resolve("report.md"))
                    .content()
                    .contains("| netty")
                    .contains("| netty-def");
            assertThat(runDir.resolve("report.html")).isRegularFile();
            JsonNode run = JSON.readTree(runDir.resolve("run.json").toFile());
            assertThat(run.get("status").asText()).isEqualTo("finished");
            assertThat(run.get("topologyDetails").get("name").asText()).isEqualTo("hosts");
            String runId = run.get("topologyDetails").get("runId").asText();
            for (JsonNode step : JSON.readTree(runDir.resolve("steps.json").toFile())) {
                assertThat(step.get("status").asText()).as(step.toString()).isEqualTo("ok");
                assertThat(step.get("rps").asDouble()).as(step.toString()).isPositive();
                if (step.get("frontEnd").asText().equals("netty")) {
                    assertThat(step.get("heapUsedMb").asDouble())
                            .as("JVM figures through the admin port")
                            .isPositive();
                } else {
                    assertThat(step.get("proxyCpuUsPerReq").asDouble())
                            .as("CPU of the definition's process tree on the box")
                            .isPositive();
                }
            }
            assertHostTimelines(runDir, List.of(sshd.target().substring("ssh:".length())));
            if (run.get("generator").asText().equals("wrk")) {
                // the one generator box runs wrk with the script shipped to it, and its summary is read back
                assertThat(runDir.resolve("raw/netty/wrk-50.cmd"))
                        .content()
                        .contains(dir.resolve("box/files/wrk-report.lua").toString());
                assertThat(runDir.resolve("raw/netty/wrk-50.json")).isRegularFile();
            }
            assertThat(processesOfRun(runId))
                    .as("processes still carrying PROXYBENCH_RUN=" + runId)
                    .isEmpty();
            assertThat(sshClientsTo(port)).as("ssh clients to the test's sshd").isEmpty();
            assertThat(dir.resolve("box/runs/" + runId))
                    .as("the run's state on the box")
                    .doesNotExist();
        }
    }

    @Test
    void aTlsChurnStepOnTheHostsTopologyServesTheRunsCertificateShippedToTheProxyBox(@TempDir Path dir)
            throws Exception {
        int port = freePort();
        try (LocalSshd sshd = LocalSshd.start(dir.resolve("ssh"), "127.0.0.1", port, List.of())) {
            Path hosts = everyRoleOn(sshd, dir);

            Path runDir = run(
                    dir.resolve("results"),
                    "--tls",
                    "--mode",
                    "churn",
                    "--generator",
                    "builtin",
                    "--front-ends",
                    "netty",
                    "--topology",
                    "hosts",
                    "--hosts",
                    hosts.toString(),
                    "--steps",
                    "20",
                    "--duration",
                    "2s",
                    "--warmup",
                    "0s");

            JsonNode run = JSON.readTree(runDir.resolve("run.json").toFile());
            assertThat(run.get("frontEnds").get(0).get("tls").get("protocol").asText())
                    .isEqualTo("TLSv1.3");
            JsonNode step = JSON.readTree(runDir.resolve("steps.json").toFile()).get(0);
            assertThat(step.get("status").asText()).as(step.toString()).isEqualTo("ok");
            assertThat(step.get("handshakes").get("perSec").asDouble()).isPositive();
            // the "box" shares this disk: the copy that arrived through ssh replaced the file at the
            // same path, owner-only as the receiving side writes every file it is sent
            assertThat(Files.getPosixFilePermissions(runDir.resolve("raw/tls/server-chain.pem")))
                    .isEqualTo(PosixFilePermissions.fromString("rw-------"));
            assertThat(Files.getPosixFilePermissions(runDir.resolve("raw/tls/ca.pem")))
                    .isEqualTo(PosixFilePermissions.fromString("rw-------"));
            String runId = run.get("topologyDetails").get("runId").asText();
            assertThat(processesOfRun(runId))
                    .as("processes still carrying PROXYBENCH_RUN=" + runId)
                    .isEmpty();
        }
    }

    /** A hosts file that puts every role on the test's sshd, its remote directory under {@code dir}. */
    private static Path everyRoleOn(LocalSshd sshd, Path dir) throws IOException {
        return Files.writeString(
                dir.resolve("hosts.properties"),
                String.join(
                        "\n",
                        "generator = " + sshd.target(),
                        "proxy     = " + sshd.target(),
                        "origin    = " + sshd.target(),
                        "proxy.interface = lo",
                        "ssh.config = ssh/ssh_config",
                        "remote.dir = " + dir.resolve("box"),
                        ""));
    }

    static Path run(Path out, String... args) throws IOException {
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(stdout, true));
        cmd.setErr(new PrintWriter(stderr, true));
        String[] all = Stream.concat(Stream.of("run", "--out", out.toString()), Stream.of(args))
                .toArray(String[]::new);
        int code = cmd.execute(all);
        assertThat(code)
                .as("exit code; stdout:%n%s%nstderr:%n%s", stdout, stderr)
                .isZero();
        try (Stream<Path> dirs = Files.list(out)) {
            return dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    /** samples.csv has rows of each box in its host column, and report.html a timeline column per box. */
    static void assertHostTimelines(Path runDir, List<String> boxes) throws IOException {
        List<String> samples = Files.readAllLines(runDir.resolve("samples.csv"));
        assertThat(samples.get(0)).endsWith(",host");
        String html = Files.readString(runDir.resolve("report.html"));
        assertThat(html).contains("<h2>Samples per host</h2>");
        for (String box : boxes) {
            String target = "ssh:" + box;
            assertThat(samples)
                    .as("rows of " + target)
                    .anySatisfy(row -> assertThat(row).endsWith("," + target));
            assertThat(html).contains("<div class=\"colhead\">" + target + "</div>");
            assertThat(runDir.resolve("charts/hosts/" + target.replaceAll("[^A-Za-z0-9.-]", "_") + "/cpu.png"))
                    .isRegularFile();
        }
    }

    /** Processes whose environment names the run: what the kit started on the box. */
    static List<Long> processesOfRun(String runId) {
        return ProcessHandle.allProcesses()
                .filter(p -> environ(p.pid()).contains("PROXYBENCH_RUN=" + runId + "\0"))
                .map(ProcessHandle::pid)
                .toList();
    }

    static List<String> sshClientsTo(int port) {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().command().orElse("").endsWith("/ssh"))
                .map(p -> p.info().commandLine().orElse(""))
                .filter(c -> c.contains(" -p " + port + " "))
                .toList();
    }

    private static String environ(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "environ"), StandardCharsets.ISO_8859_1);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
