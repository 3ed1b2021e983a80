package io.proxybench.loadtest.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LatencySpectrumTest {

    static final LatencySpectrum WRK = new LatencySpectrum(
            "wrk",
            false,
            39223,
            95484,
            List.of(
                    new LatencySpectrum.Point(0, 50012), new LatencySpectrum.Point(50, 50298),
                    new LatencySpectrum.Point(90, 51144), new LatencySpectrum.Point(99, 56518),
                    new LatencySpectrum.Point(99.998474, 90001.5), new LatencySpectrum.Point(99.999, 95484)));

    @Test
    void readsBackWhatItWrote(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(LatencySpectrum.fileName("700.r2"));
        WRK.write(file);

        assertThat(file.getFileName()).hasToString("latency-700.r2.json");
        assertThat(LatencySpectrum.read(file)).isEqualTo(WRK);
        assertThat(dir.resolve(".latency-700.r2.json.tmp")).doesNotExist();
    }

    @Test
    void writesOnePointPerLineInPercentAndMicroseconds(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("latency-700.json");
        WRK.write(file);

        assertThat(Files.readAllLines(file))
                .startsWith(
                        "{\"format\":\"proxybench-latency-spectrum/1\",\"source\":\"wrk\",\"exact\":false,"
                                + "\"unit\":\"us\",\"count\":39223,\"maxUs\":95484,\"points\":[",
                        "  [0,50012],",
                        "  [50,50298],",
                        "  [90,51144],",
                        "  [99,56518],",
                        "  [99.998474,90001.500],")
                .endsWith("  [99.999,95484]", "]}");
    }

    @Test
    void givesTheLatencyAtALevelOrTheNextOneAbove() {
        assertThat(WRK.valueUsAt(50)).isEqualTo(50298);
        assertThat(WRK.valueUsAt(99)).isEqualTo(56518);
        assertThat(WRK.valueUsAt(95)).as("between levels: an upper bound").isEqualTo(56518);
        assertThat(WRK.valueUsAt(100)).as("past the last level: the maximum").isEqualTo(95484);
        assertThat(new LatencySpectrum("wrk", false, 0, 0, List.of()).valueUsAt(50))
                .isNull();
    }

    @Test
    void knowsItsFilesByName() {
        assertThat(LatencySpectrum.isSpectrumFile(Path.of("raw/netty/latency-700.json")))
                .isTrue();
        assertThat(LatencySpectrum.isSpectrumFile(Path.of("raw/netty/latency-warmup.json")))
                .isTrue();
        assertThat(LatencySpectrum.isSpectrumFile(Path.of("raw/netty/wrk-700.json")))
                .isFalse();
        assertThat(LatencySpectrum.isSpectrumFile(Path.of("raw/netty/latency-.json")))
                .isFalse();
    }

    @Test
    void refusesAFileThatIsNotASpectrum(@TempDir Path dir) throws Exception {
        Path other = dir.resolve("latency-700.json");
        Files.writeString(other, "{\"requests\":1}");
        assertThatThrownBy(() -> LatencySpectrum.read(other))
                .isInstanceOf(ResultsFormatException.class)
                .hasMessageContaining("is not a latency spectrum");
        Files.writeString(other, "{\"format\":\"proxybench-latency-spectrum/1\",\"points\":[[50]]}");
        assertThatThrownBy(() -> LatencySpectrum.read(other))
                .isInstanceOf(ResultsFormatException.class)
                .hasMessageContaining("not [percentile, microseconds]");
    }
}
