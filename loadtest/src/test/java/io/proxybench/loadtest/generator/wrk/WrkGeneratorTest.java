package io.proxybench.loadtest.generator.wrk;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.generator.GeneratorContext;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.topology.LoopbackTopology;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class WrkGeneratorTest {

    private WrkGenerator generator(int threads, int cores) {
        return new WrkGenerator(
                new GeneratorContext(new LoopbackTopology(), null, threads, cores, Path.of("/tmp/run")));
    }

    private static StepRequest request(int connections) {
        return new StepRequest(
                "700",
                URI.create("http://127.0.0.1:8080/"),
                connections,
                10,
                Duration.ofSeconds(30),
                ConnectionMode.KEEPALIVE,
                Path.of("/tmp/run/raw/netty"),
                p -> {});
    }

    @Test
    void commandLine() {
        assertThat(generator(2, 8).command(Path.of("/usr/bin/wrk"), Path.of("/tmp/run/wrk-report.lua"), request(700)))
                .containsExactly(
                        "/usr/bin/wrk",
                        "--latency",
                        "-t2",
                        "-c700",
                        "-d10s",
                        "--timeout",
                        "30s",
                        "-s",
                        "/tmp/run/wrk-report.lua",
                        "http://127.0.0.1:8080/");
    }

    @Test
    void neverMoreThreadsThanConnections() {
        assertThat(generator(4, 8).command(Path.of("wrk"), Path.of("s.lua"), request(3)))
                .contains("-t3", "-c3");
        assertThat(generator(4, 8).command(Path.of("wrk"), Path.of("s.lua"), request(1)))
                .contains("-t1", "-c1");
    }

    @Test
    void usableCoresAreItsThreadsUpToTheMachine() {
        assertThat(generator(2, 8).usableCores(700)).isEqualTo(2);
        assertThat(generator(4, 2).usableCores(700)).isEqualTo(2);
        assertThat(generator(4, 8).usableCores(1)).isEqualTo(1);
    }
}
