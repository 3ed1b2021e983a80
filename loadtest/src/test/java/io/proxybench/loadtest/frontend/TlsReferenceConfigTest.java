package io.proxybench.loadtest.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.tls.KeyType;
import io.proxybench.common.tls.PemFiles;
import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.plan.TlsResumption;
import io.proxybench.loadtest.plan.TlsSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every front end gets the run's certificate, TLS 1.2 and 1.3 only, and the run's resumption policy. */
class TlsReferenceConfigTest {

    private static final Path CHAIN = Path.of("/run/raw/tls/server-chain.pem");
    private static final Path KEY = Path.of("/run/raw/tls/server-key.pem");

    @TempDir
    Path dir;

    private static NginxConfig nginx(boolean resumption) throws PlanException {
        return NginxConfig.forRun(100, 2, Map.of(), "127.0.0.1", 18443, "127.0.0.1", 19090, Path.of("/run/raw/nginx"))
                .withTls(new ReferenceTls(CHAIN, KEY, resumption));
    }

    private static HaproxyConfig haproxy(boolean resumption) throws PlanException {
        return HaproxyConfig.forRun(
                        100, 2, Map.of(), "127.0.0.1", 18443, "127.0.0.1", 19090, Path.of("/run/raw/haproxy"))
                .withTls(new ReferenceTls(CHAIN, KEY, resumption), Path.of("/run/raw/haproxy/both.pem"));
    }

    @Test
    void nginxListensWithTheRunsCertificateOnTls12And13() throws PlanException {
        assertThat(nginx(true).render())
                .contains("listen 127.0.0.1:18443 backlog=511 ssl;")
                .contains("ssl_certificate " + CHAIN + ";")
                .contains("ssl_certificate_key " + KEY + ";")
                .contains("ssl_protocols TLSv1.2 TLSv1.3;")
                .contains("ssl_session_cache shared:")
                .contains("ssl_session_tickets on;");
    }

    @Test
    void nginxWithoutResumptionHasNeitherCacheNorTickets() throws PlanException {
        assertThat(nginx(false).render()).contains("ssl_session_cache off;").contains("ssl_session_tickets off;");
    }

    @Test
    void aPlainNginxHasNoTls() throws PlanException {
        String plain = NginxConfig.forRun(
                        100, 2, Map.of(), "127.0.0.1", 18080, "127.0.0.1", 19090, Path.of("/run/raw/nginx"))
                .render();
        assertThat(plain).doesNotContain("ssl");
    }

    @Test
    void haproxyBindsWithTheChainAndKeyFromTls12() throws PlanException {
        String conf = haproxy(true).render();
        assertThat(conf)
                .contains("    bind 127.0.0.1:18443 ssl crt /run/raw/haproxy/both.pem ssl-min-ver TLSv1.2")
                .doesNotContain("no-tls-tickets")
                .doesNotContain("tune.ssl.cachesize 0");
    }

    @Test
    void haproxyWithoutResumptionHasNeitherTicketsNorCache() throws PlanException {
        assertThat(haproxy(false).render()).contains(" no-tls-tickets").contains("    tune.ssl.cachesize 0\n");
    }

    @Test
    void haproxysPemHoldsTheChainThenTheKeyForItsOwnerOnly() throws IOException {
        Path chain = Files.writeString(dir.resolve("chain.pem"), "CHAIN\n");
        Path key = Files.writeString(dir.resolve("key.pem"), "KEY\n");
        Path both = new ReferenceTls(chain, key, true).writeCombined(dir);
        assertThat(both).content().isEqualTo("CHAIN\nKEY\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(both)))
                .isEqualTo("rw-------");
    }

    @Test
    void theJvmProxiesAreToldTheCertificateKeyAndResumption() {
        RunPlan plan = RunPlan.builder()
                .tls(new TlsSettings(true, KeyType.RSA_2048, TlsResumption.OFF))
                .build();
        PemFiles pem = new PemFiles(CHAIN, KEY, Path.of("/run/raw/tls/ca.pem"), KeyType.RSA_2048);
        JvmProxyLauncher launcher =
                new JvmProxyLauncher(new LaunchContext(plan, null, null, null, Path.of("java"), 2, pem));
        FrontEndSpec spec = new FrontEndSpec("netty", FrontEndKind.NETTY, Map.of("tls.protocols", "TLSv1.3"));
        RunningServer origin = new RunningServer(null, "127.0.0.1", 9000, null, null, List.of());
        String command = String.join(" ", launcher.command(spec, Path.of("proxy.jar"), "127.0.0.1", origin, dir));
        assertThat(command)
                .contains("--set tls.enabled=true --set tls.cert=" + CHAIN + " --set tls.key=" + KEY
                        + " --set tls.resumption=false")
                .endsWith("--set tls.protocols=TLSv1.3");
    }
}
