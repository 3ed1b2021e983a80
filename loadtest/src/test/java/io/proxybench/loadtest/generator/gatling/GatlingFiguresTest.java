package io.proxybench.loadtest.generator.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LatencySummary;
import io.proxybench.loadtest.generator.LoadWindow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads a figures file the Gatling module wrote for a fixed-rate run (1 s warm-up and a 2 s step at
 * 40/s) against an origin answering 10% with 500, resetting 5% and stalling 5% (1 s timeout).
 */
class GatlingFiguresTest {

    @TempDir
    Path tmp;

    @Test
    void aStepCarriesGatlingsTimesAndItsOwnMeasuredSpan() throws Exception {
        GeneratorResult r = GatlingFigures.read(fixture(), "step-40", 99, List.of());

        // 67 answered 200, 13 answered 500: all 80 got an answer
        assertThat(r.requests()).isEqualTo(80);
        assertThat(r.durationSec()).isEqualTo(2.033921864);
        assertThat(r.latency()).isEqualTo(new LatencySummary(55, 52, 53, 56, 104, 104));
        assertThat(r.errors()).isEqualTo(new ErrorCounts(0, 0, 0, 13, 0));
        // the step's load on the wall clock, for the kit's samples: not the JVM start, warm-up or report
        assertThat(r.loadWindow()).isEqualTo(new LoadWindow(1795306134779L, 1795306136813L));
    }

    @Test
    void failuresWithoutAnAnswerAreErrorsButNotRequests() throws Exception {
        GeneratorResult r = GatlingFigures.read(fixture(), "warmup", 99, List.of());

        // 40 ended: 32 ok, 5 answered 500, 2 timed out, 1 connection closed before the answer
        assertThat(r.errors()).isEqualTo(new ErrorCounts(0, 1, 0, 5, 2));
        assertThat(r.requests()).isEqualTo(32 + 5);
        assertThat(r.latency().maxMs()).as("a timeout counts with its time").isGreaterThanOrEqualTo(1000);
    }

    @Test
    void aRunCutShortFallsBackToTheRequestedDuration() throws Exception {
        Path file = tmp.resolve("figures.json");
        Files.writeString(
                file, Files.readString(fixture()).replace("\"durationSec\" : 2.033921864", "\"durationSec\" : null"));

        assertThat(GatlingFigures.read(file, "step-40", 2, List.of()).durationSec())
                .isEqualTo(2);
    }

    @Test
    void aRunCutShortIsTakenToHaveLoadedForTheRequestedTime() throws Exception {
        Path file = tmp.resolve("figures.json");
        Files.writeString(
                file, Files.readString(fixture()).replace("\"endEpochMs\" : 1795306136813", "\"endEpochMs\" : null"));

        assertThat(GatlingFigures.read(file, "step-40", 2, List.of()).loadWindow())
                .isEqualTo(new LoadWindow(1795306134779L, 1795306134779L + 2000));
    }

    @Test
    void figuresWithoutPhaseTimesHaveNoLoadWindow() throws Exception {
        Path file = tmp.resolve("figures.json");
        Files.writeString(
                file,
                Files.readString(fixture()).replace("\"startEpochMs\" : 1795306134779", "\"startEpochMs\" : null"));

        assertThat(GatlingFigures.read(file, "step-40", 2, List.of()).loadWindow())
                .isNull();
    }

    @Test
    void aStepWithoutAnyEndedRequestIsAFailedStep() {
        assertThatThrownBy(() -> GatlingFigures.read(fixture(), "step-700", 10, List.of()))
                .isInstanceOf(GeneratorException.class)
                .hasMessage("Gatling ended no request in step-700");
    }

    @Test
    void anotherLayoutIsRefused() throws Exception {
        Path file = tmp.resolve("figures.json");
        Files.writeString(file, "{\"format\": 2, \"phases\": []}");
        assertThatThrownBy(() -> GatlingFigures.read(file, "step-40", 2, List.of()))
                .hasMessage("Gatling figures figures.json: format 2, expected 1");

        Files.writeString(file, "not json");
        assertThatThrownBy(() -> GatlingFigures.read(file, "step-40", 2, List.of()))
                .hasMessageStartingWith("Gatling figures figures.json unreadable");
    }

    static Path fixture() throws Exception {
        return Path.of(
                GatlingFiguresTest.class.getResource("/gatling/figures.json").toURI());
    }
}
