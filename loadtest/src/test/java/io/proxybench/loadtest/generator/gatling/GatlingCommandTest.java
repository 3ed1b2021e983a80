package io.proxybench.loadtest.generator.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.generator.ClientTls;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.plan.TlsClientProvider;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class GatlingCommandTest {

    private static final Path RESULTS = Path.of("/run/raw/netty/gatling/700");

    @Test
    void theModelAndModeChooseTheSimulation() {
        assertThat(GatlingCommand.simulation(LoadModel.CLOSED, ConnectionMode.KEEPALIVE))
                .isEqualTo("io.proxybench.gatling.KeepAliveRampSimulation");
        assertThat(GatlingCommand.simulation(LoadModel.CLOSED, ConnectionMode.CHURN))
                .isEqualTo("io.proxybench.gatling.ChurnSimulation");
        assertThat(GatlingCommand.simulation(LoadModel.OPEN, ConnectionMode.KEEPALIVE))
                .isEqualTo("io.proxybench.gatling.FixedRateSimulation");
        assertThat(GatlingCommand.simulation(LoadModel.OPEN, ConnectionMode.CHURN))
                .isEqualTo("io.proxybench.gatling.FixedRateSimulation");
    }

    @Test
    void oneStepOneJvmWithTheStepAsSystemProperties() {
        List<String> c = GatlingCommand.build(
                Path.of("/jdk/bin/java"),
                "a.jar:b.jar",
                LoadModel.CLOSED,
                request("http://127.0.0.1:8080/", 700, ConnectionMode.KEEPALIVE),
                RESULTS,
                2,
                null,
                null);

        assertThat(c.get(0)).isEqualTo("/jdk/bin/java");
        assertThat(c).containsSubsequence("-Xms1g", "-Xmx1g", "-XX:+UseParallelGC");
        assertThat(c)
                .contains(
                        "-Dproxybench.baseUrl=http://127.0.0.1:8080",
                        "-Dproxybench.path=/",
                        "-Dproxybench.steps=700",
                        "-Dproxybench.stepSeconds=10",
                        "-Dproxybench.warmupSeconds=2",
                        "-Dproxybench.requestTimeoutMs=5000",
                        "-Dproxybench.connectionClose=false",
                        "-Dproxybench.figuresFile=" + RESULTS.resolve("figures.json"),
                        "-Djava.io.tmpdir=" + RESULTS.resolve(".tmp"));
        assertThat(c).noneMatch(a -> a.startsWith("-Dproxybench.allowedHosts"));
        assertThat(c).noneMatch(a -> a.startsWith("-Dproxybench.caCertificate"));
        assertThat(c.subList(c.indexOf("-cp"), c.size()))
                .containsExactly(
                        "-cp",
                        "a.jar:b.jar",
                        "io.proxybench.gatling.run.GatlingRun",
                        "-s",
                        "io.proxybench.gatling.KeepAliveRampSimulation",
                        "-rf",
                        RESULTS.toString());
    }

    @Test
    void openModelChurnSendsConnectionClose() {
        List<String> c = GatlingCommand.build(
                Path.of("java"),
                "cp",
                LoadModel.OPEN,
                request("http://127.0.0.1:8080/", 3000, ConnectionMode.CHURN),
                RESULTS,
                0,
                null,
                null);

        assertThat(c)
                .contains(
                        "-Dproxybench.steps=3000", "-Dproxybench.connectionClose=true", "-Dproxybench.warmupSeconds=0");
    }

    @Test
    void aNamespaceAddressIsPassedAsAllowedAndThePathKeepsItsQuery() {
        List<String> c = GatlingCommand.build(
                Path.of("java"),
                "cp",
                LoadModel.CLOSED,
                request("http://10.213.0.1:8080/api/x?y=1", 10, ConnectionMode.KEEPALIVE),
                RESULTS,
                2,
                "10.213.0.1",
                null);

        assertThat(c)
                .contains(
                        "-Dproxybench.baseUrl=http://10.213.0.1:8080",
                        "-Dproxybench.path=/api/x?y=1",
                        "-Dproxybench.allowedHosts=10.213.0.1");
    }

    @Test
    void anHttpsTargetIsGivenTheRunsCaToTrustAndAPlainOneIsNot() {
        ClientTls tls = new ClientTls(Path.of("/run/raw/tls/ca.pem"), true, TlsClientProvider.OPENSSL);
        List<String> https = GatlingCommand.build(
                Path.of("java"),
                "cp",
                LoadModel.CLOSED,
                request("https://127.0.0.1:8443/", 10, ConnectionMode.CHURN),
                RESULTS,
                2,
                null,
                tls);
        // a [tls=off] variant of a --tls run: the run has a CA, this target speaks plain HTTP
        List<String> plain = GatlingCommand.build(
                Path.of("java"),
                "cp",
                LoadModel.CLOSED,
                request("http://127.0.0.1:8080/", 10, ConnectionMode.CHURN),
                RESULTS,
                2,
                null,
                tls);

        assertThat(https)
                .contains(
                        "-Dproxybench.baseUrl=https://127.0.0.1:8443",
                        "-Dproxybench.caCertificate=/run/raw/tls/ca.pem",
                        "-Dgatling.ssl.useOpenSsl=true");
        assertThat(plain).noneMatch(a -> a.startsWith("-Dproxybench.caCertificate") || a.startsWith("-Dgatling.ssl"));
        List<String> jdk = GatlingCommand.build(
                Path.of("java"),
                "cp",
                LoadModel.CLOSED,
                request("https://127.0.0.1:8443/", 10, ConnectionMode.CHURN),
                RESULTS,
                2,
                null,
                new ClientTls(Path.of("/run/raw/tls/ca.pem"), true, TlsClientProvider.JDK));
        assertThat(jdk).contains("-Dgatling.ssl.useOpenSsl=false");
    }

    static StepRequest request(String target, int connections, ConnectionMode mode) {
        return new StepRequest(
                "700",
                URI.create(target),
                connections,
                10,
                Duration.ofSeconds(5),
                mode,
                Path.of("/run/raw/netty"),
                h -> {});
    }
}
