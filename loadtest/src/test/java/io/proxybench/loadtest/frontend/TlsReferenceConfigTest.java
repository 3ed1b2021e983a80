package io.proxybench.loadtest.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.tls.KeyType;
import io.proxybench.common.tls.PemFiles;
import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.plan.TlsClientProvider;
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

/**
 * The JVM proxies get the run's certificate and resumption policy; HAProxy's file of both is private.
 * nginx's and HAProxy's TLS lines are BundledFrontEndsTest's.
 */
class TlsReferenceConfigTest {

    private static final Path CHAIN = Path.of("/run/raw/tls/server-chain.pem");
    private static final Path KEY = Path.of("/run/raw/tls/server-key.pem");

    @TempDir
    Path dir;

    @Test
    void haproxysPemHoldsTheChainThenTheKeyForItsOwnerOnly() throws IOException {
        Path chain = Files.writeString(dir.resolve("chain.pem"), "CHAIN\n");
        Path key = Files.writeString(dir.resolve("key.pem"), "KEY\n");
        Path both = CombinedPem.write(new PemFiles(chain, key, dir.resolve("ca.pem"), KeyType.ECDSA_P256), dir);
        assertThat(both).content().isEqualTo("CHAIN\nKEY\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(both)))
                .isEqualTo("rw-------");
    }

    @Test
    void theJvmProxiesAreToldTheCertificateKeyAndResumption() {
        RunPlan plan = RunPlan.builder()
                .tls(new TlsSettings(true, KeyType.RSA_2048, TlsResumption.OFF, TlsClientProvider.OPENSSL))
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
        FrontEndSpec plain = new FrontEndSpec("netty[tls=off]", FrontEndKind.NETTY, Map.of("tls", "off"));
        assertThat(String.join(" ", launcher.command(plain, Path.of("proxy.jar"), "127.0.0.1", origin, dir)))
                .as("a variant kept on plain HTTP in a --tls run")
                .doesNotContain("tls");
    }
}
