package io.proxybench.loadtest.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.frontend.RunningServer;
import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.sample.JvmAdminSampler;
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

    @Test
    void aFixedTimeRunsAsSeparateWindowsUntilItsTimeWhateverTheyShow(@TempDir Path dir) throws Exception {
        RecordingGenerator generator = new RecordingGenerator();
        SteadyWindows windows = new SteadyWindows(1, generator, new JvmAdminSampler(Duration.ofMillis(200)), () -> false);
        // nothing answers on these ports: no JIT figures, as for a front end without an admin endpoint
        RunningServer frontEnd = new RunningServer(null, "127.0.0.1", 9, new InetSocketAddress("127.0.0.1", 9), null,
                List.of());
        Path csv = dir.resolve("warmup.csv");

        SteadyWindows.Ending ending = windows.runFor("netty", "warm-up", 2, frontEnd, frontEnd, csv,
                seconds -> request(seconds, dir));

        assertThat(generator.runs).as("generator runs of one window each").hasSizeGreaterThanOrEqualTo(2)
                .allMatch(sec -> sec == 1);
        assertThat(ending.verdict()).isEqualTo(SteadyStateDetector.Verdict.CAP);
        assertThat(ending.seconds()).isGreaterThanOrEqualTo(2.0);
        List<String> lines = Files.readAllLines(csv);
        assertThat(lines.get(0)).isEqualTo(SteadyWindows.CSV_HEADER.strip());
        assertThat(lines).hasSize(generator.runs.size() + 1);
    }

    private static StepRequest request(int seconds, Path dir) {
        return new StepRequest("warmup", URI.create("http://127.0.0.1:9/"), 10, seconds, Duration.ofSeconds(1), null,
                dir, p -> { });
    }

    /** Sleeps through each window as a real generator would, and notes its length. */
    private static final class RecordingGenerator implements LoadGenerator {

        final List<Integer> runs = new ArrayList<>();

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
                Thread.sleep(request.durationSec() * 1000L);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new GeneratorResult(2000L * request.durationSec(), request.durationSec(), 0, null, ErrorCounts.NONE,
                    List.of());
        }
    }
}
