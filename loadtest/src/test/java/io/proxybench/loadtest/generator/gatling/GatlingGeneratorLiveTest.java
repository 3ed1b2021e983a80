package io.proxybench.loadtest.generator.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorContext;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.process.ChildProcessRegistry;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.topology.LoopbackTopology;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One real step through Gatling, against a small server in this JVM that answers after 20 ms.
 * Needs the Gatling module built ({@code loadtest/gatling/target}); skipped otherwise.
 */
class GatlingGeneratorLiveTest {

    @TempDir
    Path tmp;

    @Test
    void aStepReportsWhatTheServerServedAndKeepsGatlingsReport() throws Exception {
        GatlingInstall install = GatlingInstall.under(KitLayout.locate().home());
        assumeTrue(install.missing().isEmpty(), () -> install.missing().orElseThrow());
        AtomicLong served = new AtomicLong();
        ExecutorService threads = Executors.newFixedThreadPool(16);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 100);
        server.setExecutor(threads);
        server.createContext("/", exchange -> {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            served.incrementAndGet();
            byte[] body = new byte[1024];
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        try (ChildProcessRegistry processes = new ChildProcessRegistry()) {
            GatlingGenerator gatling = new GatlingGenerator(
                    new GeneratorContext(new LoopbackTopology(), processes, 2, 2, tmp), LoadModel.CLOSED);
            AtomicReference<ProcessHandle> started = new AtomicReference<>();
            URI target = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
            StepRequest step = new StepRequest(
                    "5", target, 5, 2, Duration.ofSeconds(5), ConnectionMode.KEEPALIVE, tmp, started::set);

            long before = System.currentTimeMillis();
            GeneratorResult result = gatling.run(step);
            long after = System.currentTimeMillis();

            assertThat(started.get()).as("the sampler was told the process").isNotNull();
            // the served count includes the in-JVM warm-up; the step's own requests are a part of it
            assertThat(result.requests()).isPositive().isLessThan(served.get());
            assertThat(result.errors()).isEqualTo(new ErrorCounts(0, 0, 0, 0, 0));
            // The step ran at least the 2 s it was given, and counted no more requests than 5 users, each
            // waiting 20 ms for every answer, fit in the time it measured.
            assertThat(Files.readString(tmp.resolve("gatling-5.cmd"))).contains("-Dproxybench.stepSeconds=2");
            assertThat(result.durationSec()).isGreaterThanOrEqualTo(2.0);
            assertThat(result.requests())
                    .as("requests in %.3f s", result.durationSec())
                    .isLessThanOrEqualTo(5 * (long) (result.durationSec() * 1000 / 20 + 1));
            // the step's own load, inside the process's run and after its in-JVM warm-up
            assertThat(result.loadWindow()).isNotNull();
            assertThat(result.loadWindow().startEpochMs())
                    .isGreaterThanOrEqualTo(before + GatlingGenerator.JIT_WARMUP_SEC * 1000L);
            assertThat(result.loadWindow().endEpochMs()).isLessThanOrEqualTo(after);
            assertThat(result.loadWindow().seconds()).isCloseTo(result.durationSec(), within(0.01));
            assertThat(result.latency().p50Ms()).isGreaterThanOrEqualTo(20);
            Path results = tmp.resolve("gatling/5");
            assertThat(result.rawFiles()).contains(results.resolve("figures.json"));
            try (Stream<Path> files = Files.walk(results)) {
                assertThat(files.filter(p -> p.getFileName().toString().equals("index.html")))
                        .hasSize(1);
            }
            assertThat(results.resolve(".tmp")).doesNotExist();
            assertThat(tmp.resolve("gatling-5.cmd")).exists();
        } finally {
            server.stop(0);
            threads.shutdownNow();
        }
    }
}
