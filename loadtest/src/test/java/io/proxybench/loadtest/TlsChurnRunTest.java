package io.proxybench.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.common.testing.RequiredTool;
import io.proxybench.loadtest.cli.ProxybenchMain;
import io.proxybench.loadtest.generator.gatling.GatlingInstall;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.process.KitLayout;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code proxybench run --tls --mode churn}: one short step, every request a TLS handshake on a new
 * connection, against the real front end and stub-origin. Requests succeed over TLS, run.json names
 * what the front end negotiated, and the step has its handshakes.
 */
@Tag("smoke")
class TlsChurnRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final KitLayout LAYOUT =
            new KitLayout(Path.of("").toAbsolutePath().getParent());

    @TempDir
    Path out;

    @BeforeAll
    static void jarsAreBuilt() {
        assumeTrue(Files.isRegularFile(LAYOUT.originJar()), "stub-origin is not built at " + LAYOUT.originJar());
        assumeTrue(Files.isRegularFile(LAYOUT.loadgenJar()), "loadgen is not built at " + LAYOUT.loadgenJar());
        System.setProperty(KitLayout.HOME_PROPERTY, LAYOUT.home().toString());
    }

    private record Run(Path dir, JsonNode frontEnd, JsonNode step) {}

    @Test
    void nettyWithTheBuiltInGeneratorResumesSessionsAsTheProxyCounts() throws IOException {
        assumeTrue(Files.isRegularFile(LAYOUT.proxyJar("netty")), "proxy-netty is not built");
        Run run = run("netty", "builtin");
        assertNegotiated(run, "ecdsa-p256", "on");
        assertThat(run.frontEnd().get("tls").get("provider").asText()).startsWith("openssl");
        // BoringSSL sends its TLS 1.3 ticket only with an answer: the probe's request must have got it
        assertThat(run.frontEnd().get("tls").get("resumed").asBoolean()).isTrue();
        assertThat(run.step().get("handshakes").get("resumedCountedBy").asText())
                .isEqualTo("proxy");
        // the generator offers each connection's earlier session and the proxy allows it
        assertThat(run.step().get("handshakes").get("resumedPct").asDouble()).isGreaterThan(50);
        assertThat(run.dir().resolve("report.md")).content().contains("HS/s").contains("TLS negotiated: TLSv1.3");
    }

    @Test
    void nettyWithWrkAndResumptionOffHasOnlyFullHandshakes() throws IOException {
        RequiredTool.assumePresent("wrk", Executables.find("wrk").isPresent(), "apt-get install wrk");
        assumeTrue(Files.isRegularFile(LAYOUT.proxyJar("netty")), "proxy-netty is not built");
        Run run = run("netty", "wrk", "--tls-key", "rsa-2048", "--tls-resumption", "off");
        assertNegotiated(run, "rsa-2048", "off");
        assertThat(run.frontEnd().get("tls").get("resumed").asBoolean()).isFalse();
        assertThat(run.step().get("handshakes").get("resumedPct").asDouble()).isZero();
    }

    @Test
    void nettyWithGatlingTrustsTheRunsCaAndEveryRequestIsAHandshake() throws IOException {
        GatlingInstall gatling = GatlingInstall.under(LAYOUT.home());
        assumeTrue(gatling.missing().isEmpty(), () -> gatling.missing().orElseThrow());
        assumeTrue(Files.isRegularFile(LAYOUT.proxyJar("netty")), "proxy-netty is not built");
        Run run = run("netty", "gatling");
        assertNegotiated(run, "ecdsa-p256", "on");
        // Gatling counts no handshakes: each answered request of a churn step was one; the proxy
        // counts the resumed ones
        assertThat(run.step().get("handshakes").get("resumedCountedBy").asText())
                .isEqualTo("proxy");
        try (Stream<Path> commands = Files.walk(run.dir().resolve("raw"))) {
            assertThat(commands.filter(f -> f.getFileName().toString().matches("gatling-.*\\.cmd")))
                    .isNotEmpty()
                    .allSatisfy(f -> assertThat(f)
                            .content()
                            .contains("-Dproxybench.baseUrl=https://")
                            .contains("-Dproxybench.caCertificate=" + run.dir().resolve("raw/tls/ca.pem")));
        }
    }

    @Test
    void nginxServesTheSameCertificateToTheBuiltInGeneratorOnTheJdksEngine() throws IOException {
        RequiredTool.assumePresent("nginx", Executables.find("nginx").isPresent(), "apt-get install nginx-light");
        Run run = run("nginx", "builtin", "--tls-client", "jdk");
        assertNegotiated(run, "ecdsa-p256", "on");
        assertThat(JSON.readTree(run.dir().resolve("run.json").toFile())
                        .get("settings")
                        .get("tlsClient")
                        .asText())
                .isEqualTo("jdk");
        assertThat(run.frontEnd().get("tls").get("resumed").asBoolean()).isTrue();
        assertThat(run.step().get("handshakes").get("resumedCountedBy").asText())
                .isEqualTo("generator");
        assertThat(run.dir().resolve("raw/nginx/nginx.conf"))
                .content()
                .contains("ssl_certificate " + run.dir().resolve("raw/tls/server-chain.pem"));
    }

    @Test
    void aVariantKeptOnPlainHttpRunsBesideTheTlsOneWithoutHandshakes() throws IOException {
        assumeTrue(Files.isRegularFile(LAYOUT.proxyJar("netty")), "proxy-netty is not built");
        Path runDir = runDir("netty,netty[tls=off]", "builtin");
        JsonNode frontEnds = JSON.readTree(runDir.resolve("run.json").toFile()).get("frontEnds");
        JsonNode steps = JSON.readTree(runDir.resolve("steps.json").toFile());
        assertThat(frontEnds.get(0).get("tls").get("protocol").asText()).isEqualTo("TLSv1.3");
        JsonNode plainTls = frontEnds.get(1).path("tls");
        assertThat(plainTls.isNull() || plainTls.isMissingNode())
                .as(plainTls.toString())
                .isTrue();
        assertThat(frontEnds.get(1).get("command").toString()).doesNotContain("tls.enabled");
        assertThat(steps).hasSize(2);
        assertThat(steps.get(0).get("handshakes").get("perSec").asDouble()).isPositive();
        assertThat(steps.get(1).get("frontEnd").asText()).isEqualTo("netty[tls=off]");
        assertThat(steps.get(1).get("status").asText()).isEqualTo("ok");
        assertThat(steps.get(1).get("requests").asLong()).isPositive();
        JsonNode plainHandshakes = steps.get(1).path("handshakes");
        assertThat(plainHandshakes.isNull() || plainHandshakes.isMissingNode())
                .as(plainHandshakes.toString())
                .isTrue();
    }

    private static void assertNegotiated(Run run, String keyType, String resumption) {
        JsonNode tls = run.frontEnd().get("tls");
        assertThat(tls.get("protocol").asText()).isEqualTo("TLSv1.3");
        assertThat(tls.get("cipherSuite").asText()).startsWith("TLS_");
        assertThat(tls.get("alpn").asText()).isEqualTo("http/1.1");
        assertThat(tls.get("keyType").asText()).isEqualTo(keyType);
        assertThat(tls.get("resumption").asText()).isEqualTo(resumption);
        JsonNode step = run.step();
        assertThat(step.get("status").asText()).isEqualTo("ok");
        assertThat(step.get("requests").asLong()).isPositive();
        assertThat(step.get("errors").get("connect").asLong()).isZero();
        assertThat(step.get("errors").get("read").asLong()).isZero();
        assertThat(step.get("handshakes").get("perSec").asDouble()).isPositive();
        assertThat(step.get("handshakes").get("proxyCpuUsPer").asDouble()).isPositive();
    }

    private Run run(String frontEnd, String generator, String... more) throws IOException {
        Path runDir = runDir(frontEnd, generator, more);
        JsonNode runJson = JSON.readTree(runDir.resolve("run.json").toFile());
        JsonNode steps = JSON.readTree(runDir.resolve("steps.json").toFile());
        assertThat(steps).hasSize(1);
        return new Run(runDir, runJson.get("frontEnds").get(0), steps.get(0));
    }

    private Path runDir(String frontEnd, String generator, String... more) throws IOException {
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(stdout, true));
        cmd.setErr(new PrintWriter(stderr, true));
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--tls",
                "--mode",
                "churn",
                "--generator",
                generator,
                "--front-ends",
                frontEnd,
                "--steps",
                "10",
                "--duration",
                "2s",
                "--warmup",
                "0s",
                "--out",
                out.toString()));
        args.addAll(List.of(more));
        int code = cmd.execute(args.toArray(String[]::new));
        assertThat(code)
                .as("exit code; stdout:%n%s%nstderr:%n%s", stdout, stderr)
                .isZero();
        Path runDir;
        try (Stream<Path> dirs = Files.list(out)) {
            runDir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertThat(runDir.resolve("raw/tls/ca.pem")).isRegularFile();
        return runDir;
    }
}
