package io.proxybench.core.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.config.ConfigSchema;
import io.proxybench.core.config.ProxyConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProxyLauncherTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private final ProxyServerFactory factory = new ProxyServerFactory() {
        @Override
        public String name() {
            return "proxy-test";
        }

        @Override
        public ConfigSchema schema() {
            return ConfigSchema.common().addProfile("reference", Map.of("origin.readTimeout", "20s"));
        }

        @Override
        public ProxyServer start(ProxyConfig config) {
            throw new UnsupportedOperationException("validation only");
        }
    };

    private int run(String... args) {
        return ProxyLauncher.run(
                factory,
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                false);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void validFlagsPass() {
        assertThat(run(
                        "--port",
                        "0",
                        "--admin-port",
                        "0",
                        "--route",
                        "/=127.0.0.1:9000",
                        "--profile",
                        "reference",
                        "--set",
                        "origin.readTimeout=2s"))
                .isZero();
        assertThat(err()).isEmpty();
    }

    @Test
    void badValueIsOneLineNamingKeyAndExitsTwo() {
        assertThat(run("--route", "/=127.0.0.1:9000", "--set", "origin.readTimeout=many"))
                .isEqualTo(2);
        assertThat(err())
                .startsWith("proxy-test: invalid value 'many' for origin.readTimeout (from flag)")
                .endsWith("\n");
        assertThat(err().strip().lines()).hasSize(1);
    }

    @Test
    void unknownFlagOrKeyExitsTwo() {
        assertThat(run("--route", "/=127.0.0.1:9000", "--frobnicate")).isEqualTo(2);
        assertThat(err()).contains("Unknown option: '--frobnicate'");
        err.reset();
        assertThat(run("--route", "/=127.0.0.1:9000", "--set", "origin.readTimout=2s"))
                .isEqualTo(2);
        assertThat(err()).contains("unknown config key 'origin.readTimout' (from flag)");
    }

    @Test
    void missingRouteIsExplained() {
        assertThat(run()).isEqualTo(2);
        assertThat(err()).contains("no route configured: give --route PREFIX=HOST:PORT");
    }

    @Test
    void helpListsEveryConfigKey() {
        assertThat(run("--help")).isZero();
        String help = out.toString(StandardCharsets.UTF_8);
        assertThat(help)
                .contains("--route", "--set", "origin.readTimeout", "limits.maxHeaderSize", "Profiles: reference");
    }
}
