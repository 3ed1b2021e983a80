package io.proxybench.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.common.testing.RequiredTool;
import io.proxybench.loadtest.cli.ProxybenchMain;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.profile.AsyncProfilerControl;
import io.proxybench.loadtest.profile.FlameGraphFrames;
import io.proxybench.loadtest.profile.ProfilerException;
import io.proxybench.loadtest.profile.SyscallCounter;
import io.proxybench.loadtest.results.SyscallCounts;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code run --profile} end to end on netty with the built-in generator: one recording per measured
 * step, none of the warm-up. About 8 s of load in all.
 */
@Tag("smoke")
class ProfileRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final KitLayout LAYOUT =
            new KitLayout(Path.of("").toAbsolutePath().getParent());

    @TempDir
    Path out;

    @BeforeAll
    static void jarsAreBuilt() {
        for (Path jar : List.of(LAYOUT.loadgenJar(), LAYOUT.originJar(), LAYOUT.proxyJar("netty"))) {
            assumeTrue(Files.isRegularFile(jar), jar + " is not built (mvn -B -DskipTests package): skipped");
        }
        System.setProperty(KitLayout.HOME_PROPERTY, LAYOUT.home().toString());
    }

    @Test
    void jfrRecordsEachStepAndNotTheWarmUp() throws IOException {
        Path runDir = run("jfr", "10,20");
        assertThat(files(runDir.resolve("raw/netty"), ".jfr")).containsExactly("10.jfr", "20.jfr");
        assertThat(files(runDir.resolve("raw/netty"), ".html")).isEmpty();
        JsonNode run = JSON.readTree(runDir.resolve("run.json").toFile());
        assertThat(run.get("settings").get("profile").asText()).isEqualTo("jfr");
        // the whole-life recording is gone: nothing but the steps is recorded
        assertThat(run.get("frontEnds").get(0).get("jvmArgs").toString()).doesNotContain("FlightRecording");
        assertThat(run.get("warnings").toString()).doesNotContain("JFR");
        assertThat(Files.readString(runDir.resolve("report.html")))
                .contains("<h2>Profiles</h2>")
                .contains("href=\"raw/netty/10.jfr\"")
                .contains("href=\"raw/netty/20.jfr\"");
    }

    @Test
    void asyncWritesACpuAndAnAllocationFlameGraphPerStep() throws IOException {
        try {
            AsyncProfilerControl.load();
        } catch (ProfilerException e) {
            assumeTrue(false, "async-profiler cannot run here: " + e.getMessage());
        }
        Path runDir = run("async", "10");
        assertThat(files(runDir.resolve("raw/netty"), ".html"))
                .containsExactly("10-alloc.html", "10-cpu.html", "10-lock.html");
        assertThat(Files.readString(runDir.resolve("raw/netty/10-lock.html"))).contains("netty step 10: lock waits");
        // no session file is left: neither the step's nor the warm-up's priming one
        assertThat(files(runDir.resolve("raw/netty"), ".jfr")).isEmpty();
        String cpu = Files.readString(runDir.resolve("raw/netty/10-cpu.html"));
        // the title says which engine sampled the CPU
        assertThat(cpu).containsPattern("netty step 10 \\((perf_events|itimer)\\): CPU");
        assertThat(Files.readString(runDir.resolve("raw/netty/10-alloc.html")))
                .contains("netty step 10 (")
                .contains(": allocations");
        // both graphs hold the proxy's own frames: a quiet event loop's TLAB must not hide its allocations
        assertThat(FlameGraphFrames.of(runDir.resolve("raw/netty/10-cpu.html"))).anyMatch(ProfileRunTest::proxyCode);
        // Netty's own frames are the event loops': the watchdog thread alone allocates too, without them
        List<String> allocations = FlameGraphFrames.of(runDir.resolve("raw/netty/10-alloc.html"));
        assertThat(allocations)
                .as("allocation frames")
                .anyMatch(frame -> frame.startsWith("io/netty/"))
                .anyMatch(name -> name.equals("byte[]") || name.startsWith("java.") || name.startsWith("io.netty."));
        assertThat(JSON.readTree(runDir.resolve("run.json").toFile())
                        .get("warnings")
                        .toString())
                .doesNotContain("no samples");
        assertThat(Files.readString(runDir.resolve("report.html")))
                .contains("href=\"raw/netty/10-cpu.html\"")
                .contains("href=\"raw/netty/10-alloc.html\"");
    }

    @Test
    void syscallsCountsEachStepsCallsAndTheReportDividesThemByItsRequests() throws Exception {
        String missing = null;
        try {
            SyscallCounter.find();
        } catch (ProfilerException e) {
            missing = e.getMessage();
        }
        RequiredTool.assumePresent("perf", missing == null, missing);
        Path runDir = run("syscalls", "10,20");

        assertThat(files(runDir.resolve("raw/netty"), ".json"))
                .contains("syscalls-10.json", "syscalls-20.json")
                .doesNotContain("syscalls-warmup.json");
        SyscallCounts step = SyscallCounts.read(runDir.resolve("raw/netty/syscalls-20.json"));
        assertThat(step.frontEnd()).isEqualTo("netty");
        assertThat(step.requests()).isPositive();
        // a proxied request is at least a read from the client and a write to the origin
        assertThat(step.perRequest("all")).isGreaterThanOrEqualTo(2.0);
        assertThat(JSON.readTree(runDir.resolve("run.json").toFile())
                        .get("warnings")
                        .toString())
                .doesNotContain("syscalls");
        assertThat(Files.readString(runDir.resolve("report.md")))
                .contains("## System calls per request")
                .contains("### 10 connections")
                .contains("### 20 connections");
    }

    /** A method of the proxy or of Netty, as async-profiler names it (slashes, then the method). */
    private static boolean proxyCode(String frame) {
        return frame.startsWith("io/netty/") || frame.startsWith("io/proxybench/");
    }

    private Path run(String profile, String steps) throws IOException {
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(stdout, true));
        cmd.setErr(new PrintWriter(stderr, true));
        int code = cmd.execute(
                "run",
                "--generator",
                "builtin",
                "--front-ends",
                "netty",
                "--steps",
                steps,
                "--duration",
                "2s",
                "--warmup",
                "2s",
                "--profile",
                profile,
                "--out",
                out.toString());
        assertThat(code)
                .as("exit code; stdout:%n%s%nstderr:%n%s", stdout, stderr)
                .isZero();
        try (Stream<Path> dirs = Files.list(out)) {
            return dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    private static List<String> files(Path dir, String suffix) throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return new ArrayList<>(list.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(suffix))
                    .sorted()
                    .toList());
        }
    }
}
