package io.proxybench.loadtest.generator.wrk;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.proxybench.loadtest.WrkRequired;
import io.proxybench.loadtest.generator.GeneratorContext;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.process.ChildProcessRegistry;
import io.proxybench.loadtest.results.LatencySpectrum;
import io.proxybench.loadtest.results.LatencySpectrumLevels;
import io.proxybench.loadtest.topology.LoopbackTopology;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kit's script in a real wrk run: one second, two connections, against a small JDK server on
 * loopback that answers in about 2 ms; the spectrum must come back at every level the kit asked for.
 */
@ExtendWith(WrkRequired.class)
class WrkSpectrumLiveTest {

    @Test
    void wrkStepLeavesASpectrumAtEveryLevel(@TempDir Path runDir) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        byte[] body = "ok\n".getBytes(StandardCharsets.US_ASCII);
        server.createContext("/", exchange -> {
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        Path raw = Files.createDirectories(runDir.resolve("raw/stub"));
        try (ChildProcessRegistry processes = new ChildProcessRegistry()) {
            WrkGenerator wrk = new WrkGenerator(new GeneratorContext(new LoopbackTopology(), processes, 1, 1, runDir));
            URI target = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
            GeneratorResult result = wrk.run(new StepRequest(
                    "2.r2", target, 2, 1, Duration.ofSeconds(2), ConnectionMode.KEEPALIVE, raw, p -> {}));

            Path file = raw.resolve("latency-2.r2.json");
            assertThat(result.rawFiles()).contains(file);
            LatencySpectrum s = LatencySpectrum.read(file);
            assertThat(s.source()).isEqualTo("wrk");
            assertThat(s.exact()).isFalse();
            assertThat(s.count()).isEqualTo(result.requests()).isPositive();
            assertThat(s.points())
                    .extracting(LatencySpectrum.Point::percentile)
                    .isEqualTo(LatencySpectrumLevels.levels());
            for (int i = 1; i < s.points().size(); i++) {
                assertThat(s.points().get(i).valueUs())
                        .isGreaterThanOrEqualTo(s.points().get(i - 1).valueUs());
            }
            assertThat(s.valueUsAt(50))
                    .isCloseTo(result.latency().p50Ms() * 1000, org.assertj.core.data.Offset.offset(1.0));
            assertThat(s.valueUsAt(50)).isGreaterThanOrEqualTo(2000);
            assertThat(s.valueUsAt(99.999)).isLessThanOrEqualTo(s.maxUs());
            assertThat(s.maxUs()).isEqualTo(result.latency().maxMs() * 1000);
        } finally {
            server.stop(0);
        }
    }
}
