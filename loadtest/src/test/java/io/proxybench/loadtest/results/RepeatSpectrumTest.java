package io.proxybench.loadtest.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepeatSpectrumTest {

    /** Every request took {@code us}: each level at that value. */
    private static LatencySpectrum flat(long count, double us) {
        List<LatencySpectrum.Point> points = new ArrayList<>();
        for (double level : LatencySpectrumLevels.levels()) {
            points.add(new LatencySpectrum.Point(level, us));
        }
        return new LatencySpectrum("wrk", false, count, us, points);
    }

    @Test
    void wrkSpectraMixByTheirRequestsAndSayTheyAreApproximate() {
        // three quarters of the requests at 10 ms, a quarter at 20 ms
        LatencySpectrum merged = RepeatSpectrum.weighted(List.of(flat(300, 10_000), flat(100, 20_000)));

        assertThat(merged.exact()).isFalse();
        assertThat(merged.count()).isEqualTo(400);
        assertThat(merged.maxUs()).isEqualTo(20_000);
        assertThat(merged.valueUsAt(50)).isCloseTo(10_000, within(1.0));
        assertThat(merged.valueUsAt(75)).isCloseTo(10_000, within(1.0));
        assertThat(merged.valueUsAt(90)).isGreaterThan(10_000).isLessThanOrEqualTo(20_000);
        assertThat(merged.valueUsAt(99)).isCloseTo(20_000, within(1.0));
        assertThat(merged.valueUsAt(0)).isEqualTo(10_000);
    }

    @Test
    void identicalRepeatsMergeIntoTheSameDistribution() {
        LatencySpectrum one = flat(100, 5_000);
        LatencySpectrum merged = RepeatSpectrum.weighted(List.of(one, one, one));
        assertThat(merged.points()).allSatisfy(p -> assertThat(p.valueUs()).isCloseTo(5_000, within(1.0)));
        assertThat(merged.count()).isEqualTo(300);
    }

    @Test
    void intervalLogsAddUpExactly(@TempDir Path dir) throws Exception {
        Path fast = log(dir.resolve("loadgen-50.hlog"), 1_000, 300);
        Path slow = log(dir.resolve("loadgen-50.r2.hlog"), 3_000, 100);

        LatencySpectrum merged =
                RepeatSpectrum.histogram(List.of(fast, slow), "builtin").orElseThrow();

        assertThat(merged.exact()).isTrue();
        assertThat(merged.count()).isEqualTo(400);
        assertThat(merged.valueUsAt(50)).isCloseTo(1_000, within(1.0));
        assertThat(merged.valueUsAt(75)).isCloseTo(1_000, within(1.0));
        // past three quarters, only the slow repeat's requests are left
        assertThat(merged.valueUsAt(90)).isCloseTo(3_000, within(3.0));
    }

    private static Path log(Path file, long us, int count) throws Exception {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(us, count);
        h.setStartTimeStamp(1_000);
        h.setEndTimeStamp(2_000);
        try (PrintStream out = new PrintStream(file.toFile())) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputLegend();
            writer.outputIntervalHistogram(h);
        }
        return file;
    }
}
