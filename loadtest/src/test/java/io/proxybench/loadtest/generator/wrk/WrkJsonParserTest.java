package io.proxybench.loadtest.generator.wrk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.results.LatencySpectrum;
import io.proxybench.loadtest.results.LatencySpectrumLevels;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** On summaries written by wrk/report.lua in real wrk 4.1 runs (the .txt beside each is wrk's own text). */
class WrkJsonParserTest {

    static String resource(String name) throws IOException {
        try (InputStream in = WrkJsonParserTest.class.getResourceAsStream("/wrk/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void keepAliveStepAgreesWithWrksOwnText() throws Exception {
        GeneratorResult r = WrkJsonParser.parse(resource("keepalive-400.json"), List.of());
        // wrk's text: "39223 requests in 5.02s", "Requests/sec: 7811.74", 50% 50.30ms, 90% 51.14ms, 99% 56.52ms
        assertThat(r.requests()).isEqualTo(39223);
        assertThat(r.durationSec()).isCloseTo(5.021031, within(1e-9));
        assertThat(r.rps()).isCloseTo(7811.74, within(0.01));
        assertThat(r.bytes()).isEqualTo(46596924);
        assertThat(r.latency().p50Ms()).isCloseTo(50.298, within(1e-9));
        assertThat(r.latency().p75Ms()).isCloseTo(50.598, within(1e-9));
        assertThat(r.latency().p90Ms()).isCloseTo(51.144, within(1e-9));
        assertThat(r.latency().p99Ms()).isCloseTo(56.518, within(1e-9));
        assertThat(r.latency().meanMs()).isCloseTo(50.734546, within(1e-9));
        assertThat(r.latency().maxMs()).isCloseTo(95.484, within(1e-9));
        assertThat(r.errors().socketErrors()).isZero();
        assertThat(resource("keepalive-400.txt")).contains("39223 requests").contains("Requests/sec:   7811.74");
    }

    @Test
    void churnStep() throws Exception {
        GeneratorResult r = WrkJsonParser.parse(resource("churn-50.json"), List.of());
        assertThat(r.requests()).isEqualTo(5578);
        assertThat(r.latency().p99Ms()).isCloseTo(148.93, within(1e-9));
        assertThat(resource("churn-50.txt")).contains("5578 requests");
    }

    @Test
    void aStepWithoutAnswersHasNoLatency() throws Exception {
        // wrk against a server that accepts and never answers
        GeneratorResult r = WrkJsonParser.parse(resource("silent-timeouts.json"), List.of());
        assertThat(r.requests()).isZero();
        assertThat(r.rps()).isZero();
        assertThat(r.latency()).isNull();
    }

    @Test
    void errorsByKind() throws Exception {
        GeneratorResult r = WrkJsonParser.parse(
                "{\"requests\":10,\"durationUs\":1000000,\"bytes\":1,"
                        + "\"errors\":{\"connect\":1,\"read\":2,\"write\":3,\"status\":4,\"timeout\":5},"
                        + "\"latencyUs\":{\"mean\":1000,\"p50\":1000,\"p75\":1000,"
                        + "\"p90\":1000,\"p99\":1000,\"max\":1000}}",
                List.of());
        assertThat(r.errors().socketErrors()).isEqualTo(6);
        assertThat(r.errors().status()).isEqualTo(4);
        assertThat(r.errors().timeout()).isEqualTo(5);
    }

    @Test
    void brokenSummaryIsAStepFailure() {
        assertThatThrownBy(() -> WrkJsonParser.parse("{\"requests\":", List.of()))
                .isInstanceOf(GeneratorException.class)
                .hasMessageStartingWith("wrk summary is not JSON");
        assertThatThrownBy(() -> WrkJsonParser.parse("{}", List.of()))
                .isInstanceOf(GeneratorException.class)
                .hasMessageContaining("lacks");
    }

    @Test
    void spectrumOfARealRunHoldsEveryLevelAndAgreesWithTheSummary() throws Exception {
        // wrk 4.1, 50 connections for 3 s through nginx to the 50 ms stub origin, on a busy 2-core machine
        String json = resource("keepalive-spectrum.json");
        GeneratorResult r = WrkJsonParser.parse(json, List.of());
        LatencySpectrum s = WrkJsonParser.spectrum(json).orElseThrow();

        assertThat(s.source()).isEqualTo("wrk");
        assertThat(s.exact()).isFalse();
        assertThat(s.count()).isEqualTo(r.requests()).isEqualTo(1037);
        assertThat(s.points()).extracting(LatencySpectrum.Point::percentile).isEqualTo(LatencySpectrumLevels.levels());
        assertThat(s.valueUsAt(50)).isCloseTo(r.latency().p50Ms() * 1000, within(1e-6));
        assertThat(s.valueUsAt(75)).isCloseTo(r.latency().p75Ms() * 1000, within(1e-6));
        assertThat(s.valueUsAt(90)).isCloseTo(r.latency().p90Ms() * 1000, within(1e-6));
        assertThat(s.valueUsAt(99)).isCloseTo(r.latency().p99Ms() * 1000, within(1e-6));
        assertThat(s.maxUs()).isEqualTo(684109);
    }

    @Test
    void summaryOfAnOlderScriptOrWithoutAnswersHasNoSpectrum() throws Exception {
        assertThat(WrkJsonParser.spectrum(resource("keepalive-400.json"))).isEmpty();
        assertThat(WrkJsonParser.spectrum(resource("silent-timeouts.json"))).isEmpty();
        assertThatThrownBy(
                        () -> WrkJsonParser.spectrum("{\"requests\":1,\"latencyUs\":{\"max\":5},\"spectrum\":[[50]]}"))
                .isInstanceOf(GeneratorException.class)
                .hasMessageContaining("spectrum point");
    }
}
