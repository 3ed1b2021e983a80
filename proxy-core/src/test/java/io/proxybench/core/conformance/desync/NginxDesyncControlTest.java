package io.proxybench.core.conformance.desync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.proxybench.core.conformance.wire.WireOrigin;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * The desync fuzzer against nginx, a proxy known to be strict: checks the harness itself (a
 * "desync" here is more likely a wrong expectation in the fuzzer than a bug in nginx). Three
 * differences are by nginx's design and left out: it abandons the requests of a client that
 * half-closes; it ends a chunk's data at a bare LF, so a chunk one byte shorter than its size
 * reaches the origin, re-framed, with the CR as its last byte rather than refused; and it
 * forwards some ambiguous origin answers after resolving them one way (the last
 * Content-Length, Transfer-Encoding over Content-Length). Skipped, with the reason, when
 * nginx is not installed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 6, unit = TimeUnit.HOURS)
class NginxDesyncControlTest {

    /** One nginx and its origin per lane ({@code -Dfuzz.lanes}). */
    private final List<WireOrigin> origins = new ArrayList<>();

    private final List<NginxControl> nginxes = new ArrayList<>();

    @BeforeAll
    void start() throws Exception {
        String binary = NginxControl.binary();
        assumeTrue(binary != null, "nginx is not installed: the desync control run is skipped");
        for (int i = 0; i < DesyncFuzzer.lanes(); i++) {
            WireOrigin origin = WireOrigin.start();
            origins.add(origin);
            nginxes.add(NginxControl.start(binary, origin.port()));
        }
    }

    @AfterAll
    void stop() {
        nginxes.forEach(NginxControl::close);
        origins.forEach(WireOrigin::close);
    }

    @Test
    @DisplayName("nginx: fuzzed request streams never desync")
    void fuzzedRequestStreams() throws Exception {
        List<DesyncFuzzer.Lane> lanes = new ArrayList<>();
        for (int i = 0; i < nginxes.size(); i++) {
            lanes.add(new DesyncFuzzer.Lane(nginxes.get(i).port(), origins.get(i)));
        }
        List<String> failures = DesyncFuzzer.fuzzRequests(
                "nginx",
                lanes,
                DesyncFuzzer.requestCases(),
                c -> c.halfClose() || c.what().contains("chunk: data shorter"));
        assertThat(failures).as("desynchronised request streams through nginx").isEmpty();
    }

    @Test
    @DisplayName("nginx: fuzzed origin answers never desync")
    void fuzzedOriginAnswers() throws Exception {
        List<Integer> ports = nginxes.stream().map(NginxControl::port).toList();
        List<String> failures = DesyncFuzzer.fuzzResponses("nginx", ports, DesyncFuzzer.responseCases(), false);
        assertThat(failures).as("desynchronised origin answers through nginx").isEmpty();
    }
}
