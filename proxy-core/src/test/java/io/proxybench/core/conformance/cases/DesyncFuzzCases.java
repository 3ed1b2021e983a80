package io.proxybench.core.conformance.cases;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.conformance.ConformanceContext;
import io.proxybench.core.conformance.ProxyUnderTest;
import io.proxybench.core.conformance.desync.DesyncFuzzer;
import io.proxybench.core.conformance.wire.WireOrigin;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The desync fuzzer (see {@link DesyncFuzzer}): seeded request streams and origin answers, and the
 * corpus of every case that ever failed. Bounded by {@code -Dfuzz.cases}; each case has its own
 * deadlines, so the long timeout only matters for large runs. With {@code -Dfuzz.lanes=L} the
 * generated cases run L at a time, each lane a proxy of its own (and, for requests, an origin of its own).
 */
public interface DesyncFuzzCases extends ConformanceContext {

    @Test
    @Timeout(value = 6, unit = TimeUnit.HOURS)
    @DisplayName(
            "fuzzed request streams: the origin gets exactly the requests whose answers the client got, bodies intact")
    default void fuzzedRequestStreamsNeverDesync() throws Exception {
        List<WireOrigin> extraOrigins = new ArrayList<>();
        try {
            List<DesyncFuzzer.Lane> lanes =
                    new ArrayList<>(List.of(new DesyncFuzzer.Lane(proxy().port(), wireOrigin())));
            while (lanes.size() < DesyncFuzzer.lanes()) {
                WireOrigin o = WireOrigin.start();
                extraOrigins.add(o);
                lanes.add(new DesyncFuzzer.Lane(
                        startProxy(Map.of("routes", "/=127.0.0.1:" + o.port())).port(), o));
            }
            List<String> failures =
                    DesyncFuzzer.fuzzRequests(frontEndName(), lanes, DesyncFuzzer.requestCases(), c -> false);
            assertThat(failures).as("desynchronised request streams").isEmpty();
        } finally {
            extraOrigins.forEach(WireOrigin::close);
        }
        assertStillServing(proxy());
    }

    @Test
    @Timeout(value = 6, unit = TimeUnit.HOURS)
    @DisplayName("fuzzed origin answers: 502 or close for what cannot be framed, and no leftovers for the next request")
    default void fuzzedOriginAnswersNeverDesync() throws Exception {
        List<Integer> ports = new ArrayList<>();
        while (ports.size() < DesyncFuzzer.lanes()) {
            ports.add(singleOriginConnectionProxy().port());
        }
        List<String> failures = DesyncFuzzer.fuzzResponses(frontEndName(), ports, DesyncFuzzer.responseCases(), true);
        assertThat(failures).as("desynchronised origin answers").isEmpty();
    }

    @Test
    @DisplayName("every case in the desync corpus passes")
    default void desyncCorpusPasses() throws Exception {
        ProxyUnderTest p = singleOriginConnectionProxy();
        List<String> failures = DesyncFuzzer.replayCorpus(frontEndName(), proxy().port(), wireOrigin(), p.port());
        assertThat(failures).as("corpus cases failing").isEmpty();
    }

    /**
     * A proxy in front of the wire origin that may hold only one connection to it, so that a bad one
     * would be reused.
     */
    private ProxyUnderTest singleOriginConnectionProxy() throws Exception {
        return startProxy(Map.of("routes", "/=127.0.0.1:" + wireOrigin().port(), "origin.maxConnectionsPerHost", "1"));
    }

    private String frontEndName() {
        return getClass().getSimpleName();
    }
}
