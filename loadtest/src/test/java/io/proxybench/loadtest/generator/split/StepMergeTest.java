package io.proxybench.loadtest.generator.split;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LatencySummary;
import io.proxybench.loadtest.results.LatencySpectrum;
import io.proxybench.loadtest.results.LatencySpectrumLevels;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepMergeTest {

    @Test
    void sumsCountsAndRatesAndMergesLatencyExactlyFromEveryPartsIntervalLog(@TempDir Path dir) throws Exception {
        // box 1 answered 900 requests in 10 ms, box 2 100 requests in 100 ms
        GeneratorResult fast = part(dir, "generator-1", 900, 10_000, 10.0, new ErrorCounts(1, 0, 0, 2, 0));
        GeneratorResult slow = part(dir, "generator-2", 100, 100_000, 8.0, new ErrorCounts(0, 3, 0, 0, 4));

        StepMerge.Merged merged = StepMerge.merge(List.of(fast, slow), "builtin", dir, "20");

        GeneratorResult r = merged.result();
        assertThat(merged.latencyMerge()).isEqualTo("exact");
        assertThat(r.requests()).isEqualTo(1000);
        assertThat(r.rps()).isCloseTo(900 / 10.0 + 100 / 8.0, within(1e-9));
        assertThat(r.bytes()).isEqualTo(1000 * 100);
        assertThat(r.errors()).isEqualTo(new ErrorCounts(1, 3, 0, 2, 4));
        // 90 % of the requests took 10 ms, the rest 100 ms: p90 is 10 ms, p99 100 ms
        assertThat(r.latency().p50Ms()).isCloseTo(10.0, within(0.01));
        assertThat(r.latency().p90Ms()).isCloseTo(10.0, within(0.01));
        assertThat(r.latency().p99Ms()).isCloseTo(100.0, within(0.1));
        assertThat(r.latency().meanMs()).isCloseTo(0.9 * 10 + 0.1 * 100, within(0.05));
        LatencySpectrum spectrum = LatencySpectrum.read(dir.resolve("latency-20.json"));
        assertThat(spectrum.exact()).isTrue();
        assertThat(spectrum.count()).isEqualTo(1000);
        assertThat(r.rawFiles().get(0)).isEqualTo(dir.resolve("latency-20.json"));
    }

    @Test
    void withoutIntervalLogsMergesTheSpectraAndMarksTheResultApproximate(@TempDir Path dir) throws Exception {
        GeneratorResult fast = spectrumPart(dir, "generator-1", 900, 10_000);
        GeneratorResult slow = spectrumPart(dir, "generator-2", 100, 100_000);

        StepMerge.Merged merged = StepMerge.merge(List.of(fast, slow), "wrk", dir, "20");

        assertThat(merged.latencyMerge()).isEqualTo("approximate");
        assertThat(merged.result().requests()).isEqualTo(1000);
        assertThat(merged.result().latency().p50Ms()).isEqualTo(10.0);
        assertThat(merged.result().latency().p99Ms()).isEqualTo(100.0);
        assertThat(merged.result().latency().maxMs()).isEqualTo(100.0);
        assertThat(LatencySpectrum.read(dir.resolve("latency-20.json")).exact()).isFalse();
    }

    /** A part whose every request took {@code latencyUs}, with its loadgen interval log. */
    private static GeneratorResult part(
            Path dir, String name, long requests, long latencyUs, double seconds, ErrorCounts errors) throws Exception {
        Path partDir = Files.createDirectories(dir.resolve(name));
        Path hlog = partDir.resolve("loadgen-20.hlog");
        Histogram h = new Histogram(3);
        h.recordValueWithCount(latencyUs, requests);
        try (PrintStream out = new PrintStream(Files.newOutputStream(hlog))) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            h.setStartTimeStamp(1_000);
            h.setEndTimeStamp(2_000);
            writer.outputIntervalHistogram(h);
        }
        double ms = latencyUs / 1000.0;
        return new GeneratorResult(
                requests,
                seconds,
                requests * 100,
                new LatencySummary(ms, ms, ms, ms, ms, ms),
                errors,
                List.of(partDir.resolve("loadgen-20.json"), hlog));
    }

    /** A part with only a latency spectrum (wrk's kind): every level at {@code latencyUs}. */
    private static GeneratorResult spectrumPart(Path dir, String name, long requests, long latencyUs) throws Exception {
        Path partDir = Files.createDirectories(dir.resolve(name));
        List<LatencySpectrum.Point> points = new ArrayList<>();
        for (double level : LatencySpectrumLevels.levels()) {
            points.add(new LatencySpectrum.Point(level, latencyUs));
        }
        Path file = partDir.resolve("latency-20.json");
        new LatencySpectrum("wrk", false, requests, latencyUs, points).write(file);
        double ms = latencyUs / 1000.0;
        return new GeneratorResult(
                requests,
                10,
                0,
                new LatencySummary(ms, ms, ms, ms, ms, ms),
                ErrorCounts.NONE,
                List.of(partDir.resolve("wrk-20.json"), file));
    }
}
