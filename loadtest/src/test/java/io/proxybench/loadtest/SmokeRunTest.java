package io.proxybench.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.common.testing.RequiredTool;
import io.proxybench.loadtest.cli.ProxybenchMain;
import io.proxybench.loadtest.frontend.TomcatNativeLibrary;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.results.StepRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The kit end to end: {@code proxybench run} with two short steps per front end against the real
 * stub-origin, each front end whose program is there. Select with {@code -Dgroups=smoke}, leave out
 * with {@code -DexcludedGroups=smoke}.
 */
@Tag("smoke")
@ExtendWith(WrkRequired.class)
class SmokeRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final KitLayout LAYOUT =
            new KitLayout(Path.of("").toAbsolutePath().getParent());
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @TempDir
    Path out;

    @BeforeAll
    static void jarsAreBuilt() {
        assumeTrue(
                runnable(LAYOUT.originJar()),
                "stub-origin is not built at " + LAYOUT.originJar() + " (mvn -DskipTests package): smoke run skipped");
        System.setProperty(KitLayout.HOME_PROPERTY, LAYOUT.home().toString());
    }

    @Test
    void nginx() throws IOException {
        RequiredTool.assumePresent("nginx", Executables.find("nginx").isPresent(), "apt-get install nginx-light");
        Path runDir = run("nginx");
        // nginx runs with its config in the run directory: nothing of it may outlive the run
        String dir = runDir.toString();
        assertThat(ProcessHandle.allProcesses()
                        .filter(p -> p.info()
                                .arguments()
                                .map(a -> String.join(" ", a).contains(dir))
                                .orElse(false)))
                .isEmpty();
        assertThat(runDir.resolve("raw/nginx/nginx.conf")).content().contains("keepalive");
    }

    @Test
    void haproxy() throws IOException {
        RequiredTool.assumePresent("haproxy", Executables.find("haproxy").isPresent(), "apt-get install haproxy");
        Path runDir = run("haproxy");
        String dir = runDir.toString();
        assertThat(ProcessHandle.allProcesses()
                        .filter(p -> p.info()
                                .arguments()
                                .map(a -> String.join(" ", a).contains(dir))
                                .orElse(false)))
                .isEmpty();
        assertThat(runDir.resolve("raw/haproxy/haproxy.cfg")).content().contains("http-reuse always");
    }

    @Test
    void netty() throws IOException {
        assumeTrue(runnable(LAYOUT.proxyJar("netty")), "proxy-netty is not built at " + LAYOUT.proxyJar("netty"));
        Path runDir = run("netty");
        JsonNode resolved = JSON.readTree(runDir.resolve("run.json").toFile())
                .get("frontEnds")
                .get(0)
                .get("resolved");
        assertThat(resolved.get("netty.trackPinnedMemory").asText())
                .as("the proxy's entry turns Netty's count of pinned memory off")
                .isEqualTo("false");
        assertJvmFigures(steps(runDir));
    }

    @Test
    void tomcat() throws IOException {
        RequiredTool.assumePresent(
                "apr",
                TomcatNativeLibrary.installed(),
                "apt-get install libtcnative-1 (without it the"
                        + " column is tomcat(nio), checked by BuiltinGeneratorRunTest's kind of run)");
        assumeTrue(runnable(LAYOUT.proxyJar("tomcat")), "proxy-tomcat is not built at " + LAYOUT.proxyJar("tomcat"));
        JsonNode steps = steps(run("tomcat"));
        assertJvmFigures(steps);
    }

    @Test
    void repeatedRunKeepsEveryRepeatsFilesAndSumsThemUp() throws IOException {
        assumeTrue(runnable(LAYOUT.proxyJar("netty")), "proxy-netty is not built at " + LAYOUT.proxyJar("netty"));
        StringWriter stdout = new StringWriter();
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(stdout, true));
        cmd.setErr(new PrintWriter(new StringWriter(), true));
        int code = cmd.execute(
                "run",
                "--generator",
                "wrk",
                "--front-ends",
                "netty",
                "--steps",
                "20",
                "--duration",
                "1s",
                "--warmup",
                "0s",
                "--repeat",
                "2",
                "--out",
                out.toString());

        assertThat(code).as("stdout:%n%s", stdout).isZero();
        assertThat(stdout.toString())
                .contains("repeat 1/2: netty")
                .contains("[netty] 20 conns, repeat 2/2: ")
                .contains("Each row is the median of 2 repeats");
        Path runDir;
        try (Stream<Path> dirs = Files.list(out)) {
            runDir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        for (String file : List.of(
                "raw/netty/r1/wrk-20.json",
                "raw/netty/r2/wrk-20.json",
                "raw/netty/r1/stdout.log",
                "raw/netty/r2/origin.stdout.log")) {
            assertThat(runDir.resolve(file)).as(file).isRegularFile();
        }
        JsonNode steps = steps(runDir);
        assertThat(steps).hasSize(2);
        assertThat(steps.get(0).get("repeat").asInt()).isEqualTo(1);
        assertThat(steps.get(1).get("repeat").asInt()).isEqualTo(2);
        assertThat(runDir.resolve("report.md")).content().contains(" \u00b1");
    }

    @Test
    void untilUndisturbedStopsAfterTheFirstRoundThatHasEnough() throws IOException {
        RequiredTool.assumePresent("nginx", Executables.find("nginx").isPresent(), "apt-get install nginx-light");
        StringWriter stdout = new StringWriter();
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(stdout, true));
        cmd.setErr(new PrintWriter(new StringWriter(), true));
        int code = cmd.execute(
                "run",
                "--generator",
                "wrk",
                "--front-ends",
                "nginx,nginx[reuseport=on]",
                "--steps",
                "20",
                "--duration",
                "1s",
                "--warmup",
                "0s",
                "--repeat",
                "5",
                "--until-undisturbed",
                "3",
                "--out",
                out.toString());
        assertThat(code).as("stdout:%n%s", stdout).isZero();
        Path runDir;
        try (Stream<Path> dirs = Files.list(out)) {
            runDir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        // Whether the hypervisor took a core in a step is the machine's business: the rule is checked
        // against the flags the steps raised, round by round.
        JsonNode steps = steps(runDir);
        int pairs = 0;
        int expectedRounds = 5;
        for (int round = 1; round <= 5; round++) {
            int r = round;
            List<JsonNode> both = StreamSupport.stream(steps.spliterator(), false)
                    .filter(s -> s.get("repeat").asInt() == r)
                    .toList();
            if (both.size() == 2 && both.stream().allMatch(SmokeRunTest::undisturbed)) {
                pairs++;
            }
            if (pairs == 3) {
                expectedRounds = round;
                break;
            }
        }
        assertThat(steps).as("stdout:%n%s", stdout).hasSize(2 * expectedRounds);
        assertThat(stdout.toString()).contains("after repeat " + expectedRounds + "/5: ");
        if (expectedRounds < 5) {
            assertThat(stdout.toString())
                    .contains("every ratio has 3 undisturbed repeats; the run stops here")
                    .doesNotContain("repeat " + (expectedRounds + 1) + "/5: nginx");
        }
        assertThat(JSON.readTree(runDir.resolve("run.json").toFile())
                        .get("settings")
                        .get("untilUndisturbed")
                        .asInt())
                .isEqualTo(3);
    }

    private static boolean undisturbed(JsonNode step) {
        JsonNode flags = step.path("flags");
        return "ok".equals(step.path("status").asText("ok"))
                && StreamSupport.stream(flags.spliterator(), false)
                        .map(JsonNode::asText)
                        .noneMatch(StepRecord.DISTURBING_FLAGS::contains);
    }

    /** Runs the kit for one front end and checks what every front end must have; returns the run directory. */
    private Path run(String frontEnd) throws IOException {
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(stdout, true));
        cmd.setErr(new PrintWriter(stderr, true));
        int code = cmd.execute(
                "run",
                "--generator",
                "wrk",
                "--front-ends",
                frontEnd,
                "--steps",
                "20,40",
                "--duration",
                "3s",
                "--warmup",
                "1s",
                "--lead-in-cap",
                "4s",
                "--out",
                out.toString());
        assertThat(code)
                .as("exit code; stdout:%n%s%nstderr:%n%s", stdout, stderr)
                .isZero();
        assertThat(stdout.toString())
                .contains("[" + frontEnd + "] 20 conns: ")
                .contains("[" + frontEnd + "] 40 conns: ")
                .contains("report: ");

        Path runDir;
        try (Stream<Path> dirs = Files.list(out)) {
            runDir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertThat(runDir.getFileName().toString()).matches("\\d{8}-\\d{6}-[0-9a-f]{4}");
        for (String file : List.of(
                "run.json",
                "steps.json",
                "results.csv",
                "samples.csv",
                "report.md",
                "raw/" + frontEnd + "/wrk-20.json",
                "raw/" + frontEnd + "/wrk-40.txt",
                "raw/" + frontEnd + "/origin.stdout.log")) {
            assertThat(runDir.resolve(file)).as(file).isRegularFile();
        }
        JsonNode run = JSON.readTree(runDir.resolve("run.json").toFile());
        assertThat(run.get("status").asText()).isEqualTo("finished");
        assertThat(run.get("frontEnds").get(0).get("label").asText()).isEqualTo(frontEnd);
        JsonNode readiness = run.get("frontEnds").get(0).get("readiness");
        assertThat(readiness.get("warmupEnd").asText())
                .as("--warmup 1s is a fixed warm-up")
                .isEqualTo("fixed");
        assertThat(readiness.get("settleSec").asDouble())
                .as("the run queue's settle, a 3 s window at least")
                .isGreaterThanOrEqualTo(3.0);
        assertThat(run.get("machine").get("cores").asInt()).isEqualTo(CORES);
        assertThat(run.get("settings").get("leadInCap").asText()).isEqualTo("4s");

        JsonNode steps = steps(runDir);
        assertThat(steps).hasSize(2);
        // the later step's automatic lead-in ends steady, or at the 4 s cap once that much has run
        for (JsonNode step : steps) {
            if (step.get("connections").asInt() == 40) {
                JsonNode leadIn = step.get("leadIn");
                assertThat(leadIn.get("end").asText())
                        .as("lead-in before step 40")
                        .isIn("steady", "cap");
                if (leadIn.get("end").asText().equals("cap")) {
                    assertThat(leadIn.get("seconds").asDouble())
                            .as("lead-in before step 40 at its cap")
                            .isGreaterThanOrEqualTo(4.0);
                }
            }
        }
        for (JsonNode step : steps) {
            String where = frontEnd + " " + step.get("connections");
            assertThat(step.get("status").asText()).as(where).isEqualTo("ok");
            assertThat(step.get("requests").asLong()).as(where).isPositive();
            assertThat(step.get("rps").asDouble()).as(where).isPositive();
            // the origin answers after 50 ms: nothing can be faster
            assertThat(step.get("latency").get("p50Ms").asDouble()).as(where).isGreaterThanOrEqualTo(50.0);
            assertThat(step.get("cpuPct").asDouble()).as(where).isBetween(0.0, 100.0);
            assertThat(step.get("proxyCpuPct").asDouble()).as(where).isBetween(0.0, 100.0 * CORES);
            assertThat(step.get("proxyCpuUsPerReq").asDouble()).as(where).isPositive();
            // the kernel's part: every front end makes system calls for each request, and it is a part
            assertThat(step.get("proxySysCpuUsPerReq").asDouble())
                    .as(where)
                    .isPositive()
                    .isLessThanOrEqualTo(step.get("proxyCpuUsPerReq").asDouble());
            assertThat(step.get("netMbps").asDouble()).as(where).isPositive();
            assertThat(step.get("pctOfCeiling").asDouble()).as(where).isBetween(1.0, 105.0);
        }
        List<String> samples = Files.readAllLines(runDir.resolve("samples.csv"));
        assertThat(samples.get(0)).startsWith("epochMs,frontEnd,connections,cpuPct");
        assertThat(samples).anyMatch(l -> l.contains("," + frontEnd + ",40,"));
        assertThat(Files.readAllLines(runDir.resolve("results.csv"))).hasSize(3);
        return runDir;
    }

    private static void assertJvmFigures(JsonNode steps) {
        for (JsonNode step : steps) {
            assertThat(step.get("heapUsedMb").asDouble()).isPositive();
            assertThat(step.get("gcCount").isNull()).isFalse();
            assertThat(step.get("proxyThreads").asInt()).isGreaterThan(1);
        }
    }

    private static JsonNode steps(Path runDir) throws IOException {
        return JSON.readTree(runDir.resolve("steps.json").toFile());
    }

    /** The jar is there and holds its main class (a jar built before its sources existed does not). */
    private static boolean runnable(Path jar) {
        if (!Files.isRegularFile(jar)) {
            return false;
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            String main = file.getManifest() == null
                    ? null
                    : file.getManifest().getMainAttributes().getValue("Main-Class");
            return main != null && file.getEntry(main.replace('.', '/') + ".class") != null;
        } catch (IOException e) {
            return false;
        }
    }
}
