package io.proxybench.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.common.testing.RequiredTool;
import io.proxybench.loadtest.cli.ExitCodes;
import io.proxybench.loadtest.cli.ProxybenchMain;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.topology.netns.LinkShaping;
import io.proxybench.loadtest.topology.netns.NetnsSupport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A proxy the kit knows only from a run file's definition: the project's own proxy-netty jar started
 * through its launcher script, measured beside the built-in netty in one run; and definitions that
 * never get ready, which fail the run with their stderr and leave nothing running. The built-in
 * generator drives the load, so a machine with only a JDK runs it.
 */
@Tag("smoke")
class ExternalFrontEndRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final KitLayout LAYOUT =
            new KitLayout(Path.of("").toAbsolutePath().getParent());

    @TempDir
    Path dir;

    @BeforeAll
    static void jarsAreBuilt() {
        assumeThat(LAYOUT.originJar())
                .as("stub-origin built (mvn -DskipTests package)")
                .isRegularFile();
        System.setProperty(KitLayout.HOME_PROPERTY, LAYOUT.home().toString());
    }

    private record Outcome(int code, String stdout, String stderr, Path runDir) {}

    private Outcome run(String yaml, String... flags) throws IOException {
        Path file = Files.writeString(dir.resolve("run.yaml"), yaml);
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(stdout, true));
        cmd.setErr(new PrintWriter(stderr, true));
        Path results = dir.resolve("results");
        List<String> args = new ArrayList<>(List.of("run", file.toString(), "--out", results.toString()));
        args.addAll(List.of(flags));
        int code = cmd.execute(args.toArray(String[]::new));
        assertThat(results).as("exit %d, stderr:%n%s", code, stderr).isDirectory();
        Path runDir;
        try (Stream<Path> dirs = Files.list(results)) {
            runDir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        return new Outcome(code, stdout.toString(), stderr.toString(), runDir);
    }

    private static final String SHORT_RUN = """
            steps: [20]
            duration: 2s
            warmup: 2s
            lead-in: none
            generator: builtin
            """;

    @Test
    void theProxyJarThroughADefinitionGetsTheColumnsTheBuiltInOneGets() throws IOException {
        assumeThat(LAYOUT.proxyJar("netty")).as("proxy-netty built").isRegularFile();
        Path launcher = LAYOUT.home().resolve("bin/proxy-netty");
        Outcome outcome = run(SHORT_RUN
                + "front-ends:\n"
                + "  - netty\n"
                + "  - name: netty-jar\n"
                + "    command: " + launcher + " --port {{port}} --admin-port 0 --route /={{origin}}"
                + " --set server.bind={{address}}\n"
                + "    ready: 'listening'\n");

        assertThat(outcome.code())
                .as("stdout:%n%s%nstderr:%n%s", outcome.stdout(), outcome.stderr())
                .isZero();
        JsonNode steps = JSON.readTree(outcome.runDir().resolve("steps.json").toFile());
        List<JsonNode> rows = StreamSupport.stream(steps.spliterator(), false).toList();
        assertThat(rows).extracting(s -> s.get("frontEnd").asText()).containsExactly("netty", "netty-jar");
        JsonNode builtIn = rows.get(0);
        JsonNode external = rows.get(1);
        assertThat(external.get("kind").asText()).isEqualTo("external");
        assertThat(external.get("rps").asDouble()).isPositive();
        for (String column : List.of("proxyCpuUsPerReq", "proxySysCpuUsPerReq", "proxyRssMb", "proxyThreads")) {
            assertThat(external.get(column).isNumber()).as(column).isTrue();
        }
        // its command runs a JVM, found by its perf-data file: read as the built-in one is
        for (String column : List.of("proxyJitCpuUsPerReq", "jitMsPerSec", "gcCount")) {
            assertThat(external.get(column).isNumber()).as(column).isTrue();
        }
        double ratio = external.get("proxyCpuUsPerReq").asDouble()
                / builtIn.get("proxyCpuUsPerReq").asDouble();
        assertThat(ratio)
                .as("CPU per request of the same jar, started two ways")
                .isBetween(0.25, 4.0);
        assertThat(outcome.runDir().resolve("plan.yaml")).content().contains("name: netty-jar");
        assertNothingLeft(outcome.runDir());
    }

    @Test
    void aDefinitionThatReadsTheRunsCertificateServesTlsWithItsOwnSettings() throws IOException {
        assumeThat(LAYOUT.proxyJar("netty")).as("proxy-netty built").isRegularFile();
        Path launcher = LAYOUT.home().resolve("bin/proxy-netty");
        Outcome outcome = run(
                SHORT_RUN
                        + "front-ends:\n"
                        + "  - name: netty-tls\n"
                        + "    command: " + launcher + " --port {{port}} --admin-port 0 --route /={{origin}}"
                        + " --set server.bind={{address}} --set workers.inbound={{loops}}"
                        + " --set tls.enabled={{tls}} --set tls.cert={{tls.cert}} --set tls.key={{tls.key}}"
                        + " --set tls.resumption={{tls.resumption}}\n"
                        + "    settings:\n"
                        + "      loops: 1\n"
                        + "    ready: 'listening'\n",
                "--tls");

        assertThat(outcome.code())
                .as("stdout:%n%s%nstderr:%n%s", outcome.stdout(), outcome.stderr())
                .isZero();
        JsonNode frontEnd = JSON.readTree(outcome.runDir().resolve("run.json").toFile())
                .get("frontEnds")
                .get(0);
        assertThat(frontEnd.get("tls").get("protocol").asText()).isEqualTo("TLSv1.3");
        JsonNode step =
                JSON.readTree(outcome.runDir().resolve("steps.json").toFile()).get(0);
        assertThat(step.get("status").asText()).isEqualTo("ok");
        assertThat(step.get("rps").asDouble()).isPositive();
        assertThat(outcome.runDir().resolve("raw/netty-tls/stderr.log")).exists();
        assertThat(outcome.runDir().resolve("plan.yaml"))
                .content()
                .contains("settings:")
                .contains("loops:");
        assertNothingLeft(outcome.runDir());
    }

    @Test
    void inTheNetnsTopologyItIsStartedInsideTheProxysNamespace() throws IOException {
        RequiredTool.assumePresent(
                "netns",
                NetnsSupport.unavailableReason(LinkShaping.none()).isEmpty() && NetnsSupport.netnsSupported(),
                NetnsSupport.unavailableReason(LinkShaping.none()).orElse("'ip netns add' does not work here"));
        assumeThat(LAYOUT.proxyJar("netty")).as("proxy-netty built").isRegularFile();
        Path launcher = LAYOUT.home().resolve("bin/proxy-netty");
        Outcome outcome = run(
                SHORT_RUN
                        + "front-ends:\n"
                        + "  - name: netty-jar\n"
                        + "    command: echo {{address}} > {{dir}}/address; echo {{port}} > {{dir}}/port;"
                        + " ip -o -4 addr show > {{dir}}/addresses; "
                        + launcher
                        + " --port {{port}} --admin-port 0 --route /={{origin}} --set server.bind={{address}}\n",
                "--topology",
                "netns");

        assertThat(outcome.code())
                .as("stdout:%n%s%nstderr:%n%s", outcome.stdout(), outcome.stderr())
                .isZero();
        JsonNode step =
                JSON.readTree(outcome.runDir().resolve("steps.json").toFile()).get(0);
        assertThat(step.get("rps").asDouble()).isPositive();
        assertThat(step.get("proxyCpuUsPerReq").isNumber()).isTrue();
        String address = Files.readString(outcome.runDir().resolve("raw/netty-jar/address"))
                .trim();
        String seen = Files.readString(outcome.runDir().resolve("raw/netty-jar/addresses"));
        assertThat(seen).as("the command runs where the proxy's address is").contains(" " + address + "/");
        for (String machine : machineAddresses()) {
            assertThat(seen)
                    .as("the command does not see the machine's own interfaces")
                    .doesNotContain(machine);
        }
        String port =
                Files.readString(outcome.runDir().resolve("raw/netty-jar/port")).trim();
        // a shell around the proxy: stopping the shell must not leave the proxy behind
        assertThat(ProcessHandle.allProcesses()
                        .filter(p -> p.info()
                                .arguments()
                                .map(a -> String.join(" ", a).contains("--port " + port + " "))
                                .orElse(false)))
                .as("proxy on port %s left running", port)
                .isEmpty();
        assertNothingLeft(outcome.runDir());
    }

    @Test
    void aProxyAlreadyRunningIsMeasuredByItsAddressAndLeftRunning() throws Exception {
        assumeThat(LAYOUT.proxyJar("netty")).as("proxy-netty built").isRegularFile();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process origin =
                startAndAwaitPort(List.of(java, "-jar", LAYOUT.originJar().toString(), "--port", "0"), "origin");
        Process proxy = null;
        try {
            int originPort = listeningPort(origin);
            proxy = startAndAwaitPort(
                    List.of(
                            java,
                            "-jar",
                            LAYOUT.proxyJar("netty").toString(),
                            "--port",
                            "0",
                            "--admin-port",
                            "0",
                            "--route",
                            "/=127.0.0.1:" + originPort),
                    "proxy");
            Outcome outcome = run(SHORT_RUN
                    + "front-ends:\n"
                    + "  - name: running\n"
                    + "    address: 127.0.0.1:" + listeningPort(proxy) + "\n"
                    + "    pid: " + proxy.pid() + "\n");

            assertThat(outcome.code())
                    .as("stdout:%n%s%nstderr:%n%s", outcome.stdout(), outcome.stderr())
                    .isZero();
            JsonNode step = JSON.readTree(outcome.runDir().resolve("steps.json").toFile())
                    .get(0);
            assertThat(step.get("rps").asDouble()).isPositive();
            assertThat(step.get("proxyCpuUsPerReq").isNumber())
                    .as("its CPU, read by pid")
                    .isTrue();
            assertThat(proxy.isAlive())
                    .as("the kit does not stop what it did not start")
                    .isTrue();
        } finally {
            if (proxy != null) {
                proxy.destroy();
                proxy.waitFor();
            }
            origin.destroy();
            origin.waitFor();
        }
    }

    private final Map<Process, Integer> ports = new HashMap<>();

    /** Starts a server of this project and reads the port from its ready line ({@code listening port=N}). */
    private Process startAndAwaitPort(List<String> command, String name) throws IOException {
        Process process = new ProcessBuilder(command)
                .redirectError(dir.resolve(name + ".err").toFile())
                .start();
        BufferedReader out =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null) {
            Matcher m = Pattern.compile("listening port=(\\d+)").matcher(line);
            if (m.find()) {
                ports.put(process, Integer.parseInt(m.group(1)));
                Thread drain = new Thread(() -> {
                    try {
                        out.transferTo(Writer.nullWriter());
                    } catch (IOException e) {
                        // the process ended
                    }
                });
                drain.setDaemon(true);
                drain.start();
                return process;
            }
        }
        throw new AssertionError(name + " ended without a ready line: " + Files.readString(dir.resolve(name + ".err")));
    }

    private int listeningPort(Process process) {
        return ports.get(process);
    }

    @Test
    void aCommandThatExitsBeforeItIsReadyFailsTheRunWithItsStderr() throws IOException {
        Outcome outcome = run(SHORT_RUN
                + "front-ends:\n"
                + "  - name: broken\n"
                + "    command: \"echo {{port}} > /dev/null;"
                + " echo 'broken.conf line 3: unknown directive' >&2; exit 1\"\n");

        assertThat(outcome.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(outcome.stderr())
                .contains("did not start: broken: broken exited with code 1 before it was ready; stderr: broken.conf"
                        + " line 3: unknown directive");
    }

    @Test
    void aCommandThatNeverGetsReadyIsStoppedAndNothingIsLeft() throws IOException {
        Outcome outcome = run(SHORT_RUN
                + "front-ends:\n"
                + "  - name: silent\n"
                + "    command: \"echo $$ > {{dir}}/pid; echo 'waiting for nothing' >&2; exec sleep 600 # {{port}}\"\n"
                + "    ready-timeout: 2s\n");

        assertThat(outcome.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(outcome.stderr())
                .contains("silent was not ready within 2 s (nothing listened on port")
                .contains("stderr: waiting for nothing");
        long pid = Long.parseLong(
                Files.readString(outcome.runDir().resolve("raw/silent/pid")).trim());
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive))
                .as("pid %d", pid)
                .isEmpty();
        assertNothingLeft(outcome.runDir());
    }

    private static List<String> machineAddresses() throws IOException {
        Process ip = new ProcessBuilder("ip", "-o", "-4", "addr", "show", "scope", "global").start();
        return new String(ip.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                .lines()
                .map(l -> l.replaceAll(".* inet (\\S+) .*", "$1"))
                .toList();
    }

    /** Every process the kit started had the run directory in its arguments or its environment's files. */
    private static void assertNothingLeft(Path runDir) {
        String path = runDir.toString();
        assertThat(ProcessHandle.allProcesses()
                        .filter(p -> p.info()
                                .arguments()
                                .map(a -> String.join(" ", a).contains(path))
                                .orElse(false)))
                .isEmpty();
    }
}
