package io.proxybench.loadtest.generator.builtin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.results.LatencySpectrum;
import io.proxybench.loadtest.results.LatencySpectrumLevels;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On interval logs written as loadgen writes them: HistogramLogWriter, one histogram per second, µs. */
class IntervalLogSpectrumTest {

    /** Three one-second intervals: 1..1000 µs once each, then 1001..2000 µs, then one slow request. */
    static Path threeIntervals(Path dir, String name) throws Exception {
        Path file = dir.resolve("loadgen-" + name + ".hlog");
        try (PrintStream out = new PrintStream(Files.newOutputStream(file))) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment("values in microseconds");
            writer.outputLogFormatVersion();
            writer.outputStartTime(1_795_385_000_000L);
            writer.setBaseTime(1_795_385_000_000L);
            writer.outputLegend();
            for (int second = 0; second < 3; second++) {
                Histogram h = new Histogram(1, 60_000_000L, 3);
                if (second < 2) {
                    for (int v = 1; v <= 1000; v++) {
                        h.recordValue(second * 1000L + v);
                    }
                } else {
                    h.recordValue(250_000);
                }
                h.setStartTimeStamp(1_795_385_000_000L + second * 1000L);
                h.setEndTimeStamp(1_795_385_000_000L + (second + 1) * 1000L);
                writer.outputIntervalHistogram(h);
            }
        }
        return file;
    }

    @Test
    void mergesEveryIntervalOfTheStep(@TempDir Path dir) throws Exception {
        Histogram total = IntervalLogSpectrum.merge(threeIntervals(dir, "100")).orElseThrow();

        assertThat(total.getTotalCount()).isEqualTo(2001);
        assertThat(total.getValueAtPercentile(50)).isCloseTo(1001, within(1L));
        assertThat(total.getMaxValue()).isCloseTo(250_000, within(250L));
    }

    @Test
    void spectrumOfTheMergedLogIsExactAndReachesTheMaximum(@TempDir Path dir) throws Exception {
        LatencySpectrum s = IntervalLogSpectrum.spectrum(
                IntervalLogSpectrum.merge(threeIntervals(dir, "100")).orElseThrow(), "builtin");

        assertThat(s.exact()).isTrue();
        assertThat(s.source()).isEqualTo("builtin");
        assertThat(s.count()).isEqualTo(2001);
        assertThat(s.points()).extracting(LatencySpectrum.Point::percentile).isEqualTo(LatencySpectrumLevels.levels());
        for (int i = 1; i < s.points().size(); i++) {
            assertThat(s.points().get(i).valueUs())
                    .isGreaterThanOrEqualTo(s.points().get(i - 1).valueUs());
        }
        assertThat(s.valueUsAt(0)).isEqualTo(1);
        assertThat(s.valueUsAt(90)).isCloseTo(1801, within(2.0));
        assertThat(s.valueUsAt(99.9)).isCloseTo(1999, within(2.0));
        // one request in 2001 is the slow one: only the levels above 99.95 % see it
        assertThat(s.valueUsAt(99.99)).isCloseTo(250_000, within(250.0));
        assertThat(s.maxUs()).isEqualTo(s.valueUsAt(99.999));
    }

    @Test
    void stepResultGainsTheSpectrumFile(@TempDir Path dir) throws Exception {
        threeIntervals(dir, "100");
        GeneratorResult plain =
                new GeneratorResult(2001, 3, 0, null, ErrorCounts.NONE, List.of(dir.resolve("loadgen-100.hlog")));

        GeneratorResult result = BuiltinGenerator.withSpectrum(plain, dir, "100");

        assertThat(result.rawFiles()).containsExactly(dir.resolve("loadgen-100.hlog"), dir.resolve("latency-100.json"));
        assertThat(LatencySpectrum.read(dir.resolve("latency-100.json")).count())
                .isEqualTo(2001);
        assertThat(result.requests()).isEqualTo(2001);
    }

    @Test
    void stepWithoutAReadableLogKeepsItsFiguresAndHasNoSpectrum(@TempDir Path dir) throws Exception {
        GeneratorResult plain = new GeneratorResult(10, 1, 0, null, ErrorCounts.NONE, List.of());
        assertThat(BuiltinGenerator.withSpectrum(plain, dir, "100")).isSameAs(plain);

        Files.writeString(
                dir.resolve("loadgen-100.hlog"), "#[StartTime: 1795385000.000]\n0.000,1.000,9.000,not-base64!\n");
        assertThat(BuiltinGenerator.withSpectrum(plain, dir, "100")).isSameAs(plain);
        assertThat(dir.resolve("latency-100.json")).doesNotExist();
    }
}
