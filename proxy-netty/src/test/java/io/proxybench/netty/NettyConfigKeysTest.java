package io.proxybench.netty;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.config.ConfigLoader;
import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.server.ProxyLauncher;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Netty front end's own keys and profile, and a config file it shares with the Tomcat front end. */
class NettyConfigKeysTest {

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int validate(String... args) {
        return ProxyLauncher.run(
                new NettyProxyFactory(),
                args,
                new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
    }

    @Test
    void referenceProfileIsTheWriteUpsWorkerLayoutScaledToTheCores() {
        ProxyConfig c =
                new ConfigLoader(NettyConfigKeys.schema(2)).profile("reference").load();
        assertThat(List.of(
                        c.get(NettyConfigKeys.WORKERS_INBOUND),
                        c.get(NettyConfigKeys.WORKERS_STAGE),
                        c.get(NettyConfigKeys.WORKERS_OUTBOUND)))
                .containsExactly(1, 2, 1);
        assertThat(c.sources()).containsEntry("workers.stage", "profile reference");
    }

    @Test
    void aConfigFileSharedWithTheTomcatFrontEndIsAccepted(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("both.properties");
        Files.writeString(
                file, "workers.stage=2\ntomcat.connector=nio\ntomcat.maxThreads=500\norigin.readTimeout=3s\n");
        ConfigLoader loader = new ConfigLoader(NettyConfigKeys.schema()).file(file);
        ProxyConfig c = loader.load();
        assertThat(c.get(NettyConfigKeys.WORKERS_STAGE)).isEqualTo(2);
        assertThat(c.asText()).doesNotContainKeys("tomcat.connector", "tomcat.maxThreads");
        assertThat(loader.ignored()).containsOnlyKeys("tomcat.connector", "tomcat.maxThreads");

        assertThat(validate("--route", "/=127.0.0.1:9", "--config", file.toString()))
                .isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aMisspeltKeyIsStillRefused() {
        assertThat(validate("--route", "/=127.0.0.1:9", "--set", "workers.inbond=4"))
                .isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo("proxy-netty: unknown config key 'workers.inbond' (from flag)");
    }

    @Test
    void invalidTransportIsRefused() {
        assertThat(validate("--route", "/=127.0.0.1:9", "--set", "server.transport=kqueue"))
                .isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("expected one of auto, epoll, io_uring, nio");
    }
}
