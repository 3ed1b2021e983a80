package io.proxybench.loadtest.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.frontend.RunningServer;
import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.sample.JvmAdminSampler;
import io.proxybench.loadtest.sample.JvmTotalsReader;
import io.proxybench.loadtest.warmup.SteadyStateDetector;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A fixed warm-up or lead-in is windows too: connections close and reopen as between steps. */
class SteadyWindowsTest {

    /** Nothing answers on this port: no JIT figures, as for a front end without an admin endpoint. */
    private static final RunningServer NO_ADMIN =
            new RunningServer(null, "127.0.0.1", 9, new InetSocketAddress("127.0.0.1", 9), null, List.of());

    private static final JvmTotalsReader JVM = new JvmTotalsReader(new JvmAdminSampler(Duration.ofMillis(200)));

    @Test
    void aFixedTimeRunsAsSeparateWindowsUntilItsTimeWhateverTheyShow(@TempDir Path dir) throws Exception {
        RecordingGenerator generator = new RecordingGenerator(true);
        SteadyWindows windows = new SteadyWindows(1, generator, JVM, null, () -> false);
        RunningServer frontEnd = NO_ADMIN;
        Path csv = dir.resolve("warmup.csv");

        SteadyWindows.Ending ending =
                windows.runFor("netty", "warm-up", 2, frontEnd, frontEnd, csv, seconds -> request(seconds, dir));

        assertThat(generator.runs)
                .as("generator runs of one window each")
                .hasSizeGreaterThanOrEqualTo(2)
                .allMatch(sec -> sec == 1);
        assertThat(ending.verdict()).isEqualTo(SteadyStateDetector.Verdict.CAP);
        assertThat(ending.seconds()).isGreaterThanOrEqualTo(2.0);
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(0)).isEqualTo(SteadyWindows.CSV_HEADER.strip());
        assertThat(lines).hasSize(generator.runs.size() + 1);
        String[] first = lines.get(1).split(",", -1);
        assertThat(first).hasSize(7);
        assertThat(first[4]).as("a front end without a JIT has no source").isEmpty();
        assertThat(first[5])
                .as("an origin the kit did not start here: its own count")
                .isEqualTo("jvm-count");
    }

    @Test
    void theSettlingRunsOnceWhenFirstSteadyAndSteadinessIsShownAfresh(@TempDir Path dir) throws Exception {
        RecordingGenerator generator = new RecordingGenerator(false);
        SteadyWindows windows = new SteadyWindows(1, generator, JVM, null, () -> false);
        List<String> settled = new ArrayList<>();
        Path csv = dir.resolve("warmup.csv");

        SteadyWindows.Ending ending = windows.run(
                "netty",
                "warm-up",
                new SteadyStateDetector(SteadyStateDetector.Thresholds.defaults(120)),
                NO_ADMIN,
                NO_ADMIN,
                csv,
                seconds -> request(seconds, dir),
                () -> {
                    settled.add("asked");
                    return "closed idle origin connections";
                });

        assertThat(settled).hasSize(1);
        assertThat(ending.verdict()).isEqualTo(SteadyStateDetector.Verdict.STEADY);
        assertThat(generator.runs)
                .as("five windows to steady, five more after the settling")
                .hasSize(10);
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(5)).endsWith(",closed idle origin connections");
        assertThat(lines.get(6)).endsWith(",4 more windows");
        assertThat(lines.get(10)).endsWith(",");
    }

    @Test
    void aSettlingThatDidNothingLeavesSteadyAsItWas(@TempDir Path dir) throws Exception {
        RecordingGenerator generator = new RecordingGenerator(false);
        SteadyWindows windows = new SteadyWindows(1, generator, JVM, null, () -> false);

        SteadyWindows.Ending ending = windows.run(
                "nginx",
                "warm-up",
                new SteadyStateDetector(SteadyStateDetector.Thresholds.defaults(120)),
                NO_ADMIN,
                NO_ADMIN,
                dir.resolve("warmup.csv"),
                seconds -> request(seconds, dir),
                () -> null);

        assertThat(ending.verdict()).isEqualTo(SteadyStateDetector.Verdict.STEADY);
        assertThat(generator.runs).hasSize(5);
    }

    @Test
    void aFixedTimeSettlesOnceHalfWay(@TempDir Path dir) throws Exception {
        RecordingGenerator generator = new RecordingGenerator(true);
        SteadyWindows windows = new SteadyWindows(1, generator, JVM, null, () -> false);
        List<Integer> settledAfterRuns = new ArrayList<>();

        windows.runFor(
                "netty",
                "warm-up",
                3,
                NO_ADMIN,
                NO_ADMIN,
                dir.resolve("warmup.csv"),
                seconds -> request(seconds, dir),
                () -> {
                    settledAfterRuns.add(generator.runs.size());
                    return "closed idle origin connections";
                });

        assertThat(settledAfterRuns).containsExactly(2);
        assertThat(generator.runs).hasSizeGreaterThanOrEqualTo(3);
    }

    private static StepRequest request(int seconds, Path dir) {
        return new StepRequest(
                "warmup", URI.create("http://127.0.0.1:9/"), 10, seconds, Duration.ofSeconds(1), null, dir, p -> {});
    }

    /** Notes each window's length; sleeps through it as a real generator would when the time matters. */
    private static final class RecordingGenerator implements LoadGenerator {

        final List<Integer> runs = new ArrayList<>();
        private final boolean sleeps;

        RecordingGenerator(boolean sleeps) {
            this.sleeps = sleeps;
        }

        @Override
        public String name() {
            return "recording";
        }

        @Override
        public Optional<String> unavailableReason() {
            return Optional.empty();
        }

        @Override
        public int usableCores(int connections) {
            return 1;
        }

        @Override
        public GeneratorResult run(StepRequest request) {
            runs.add(request.durationSec());
            try {
                Thread.sleep(sleeps ? request.durationSec() * 1000L : 1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new GeneratorResult(
                    2000L * request.durationSec(), request.durationSec(), 0, null, ErrorCounts.NONE, List.of());
        }
    }
}
