package io.proxybench.core.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;

import static io.proxybench.core.config.ProxyConfigKeys.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfigLoaderTest {

    @TempDir
    Path dir;

    @Test
    void defaultsApplyWhenNothingIsGiven() {
        ProxyConfig c = new ConfigLoader(ConfigSchema.common()).load();
        assertThat(c.get(WORKERS_STAGE)).isZero();
        assertThat(c.get(WORKERS_INBOUND)).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(c.get(ORIGIN_READ_TIMEOUT)).isEqualTo(Duration.ofSeconds(10));
        assertThat(c.sources().get("workers.stage")).isEqualTo("default");
    }

    @Test
    void eachLayerOverridesTheOneBelow() throws IOException {
        Path file = dir.resolve("proxy.properties");
        Files.writeString(file, "workers.stage=2\nworkers.outbound=2\nworkers.inbound=2\norigin.readTimeout=3s\n");
        Properties sys = new Properties();
        sys.setProperty("proxybench.workers.outbound", "3");
        sys.setProperty("proxybench.workers.inbound", "3");
        sys.setProperty("unrelated.property", "x");

        ProxyConfig c = new ConfigLoader(ConfigSchema.common())
                .profile("reference")          // 4 / 8 / 4
                .file(file)                    // stage 2, outbound 2, inbound 2
                .systemProperties(sys)         // outbound 3, inbound 3
                .flags(List.of("workers.inbound=5"))
                .load();

        assertThat(c.get(WORKERS_STAGE)).isEqualTo(2);
        assertThat(c.get(WORKERS_OUTBOUND)).isEqualTo(3);
        assertThat(c.get(WORKERS_INBOUND)).isEqualTo(5);
        assertThat(c.get(ORIGIN_READ_TIMEOUT)).isEqualTo(Duration.ofSeconds(3));
        assertThat(c.sources()).containsEntry("workers.stage", "file " + file)
                .containsEntry("workers.outbound", "system property")
                .containsEntry("workers.inbound", "flag");
    }

    @Test
    void referenceProfileIsTheWriteUpsLayout() {
        ProxyConfig c = new ConfigLoader(ConfigSchema.common()).profile("reference").load();
        assertThat(List.of(c.get(WORKERS_INBOUND), c.get(WORKERS_STAGE), c.get(WORKERS_OUTBOUND))).containsExactly(4, 8, 4);
    }

    @Test
    void invalidValueNamesKeyValueAndSource() {
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common()).flags(List.of("workers.stage=-1")).load())
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'-1'").hasMessageContaining("workers.stage").hasMessageContaining("flag")
                .hasMessageContaining("[0, 1024]");
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common()).flags(List.of("origin.readTimeout=soon")).load())
                .hasMessageContaining("origin.readTimeout").hasMessageContaining("'soon'");
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common()).flags(List.of("server.transport=kqueue")).load())
                .hasMessageContaining("one of auto, epoll, io_uring, nio");
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common()).flags(List.of("origin.readTimeout=0s")).load())
                .hasMessageContaining("positive duration");
    }

    @Test
    void unknownKeysAreRejectedWherever_they_come_from() throws IOException {
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common()).flags(List.of("workers.inbond=4")))
                .hasMessage("unknown config key 'workers.inbond' (from flag)");
        Path file = dir.resolve("bad.properties");
        Files.writeString(file, "admin.prot=1\n");
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common()).file(file))
                .hasMessageContaining("unknown config key 'admin.prot'").hasMessageContaining(file.toString());
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common()).profile("fastest"))
                .hasMessageContaining("unknown profile 'fastest'").hasMessageContaining("reference");
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common()).file(dir.resolve("missing.properties")))
                .hasMessageContaining("config file not found");
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common()).flags(List.of("novalue")))
                .hasMessageContaining("key=value");
    }

    @Test
    void routesAreParsedAndValidatedAtLoad() {
        ProxyConfig c = new ConfigLoader(ConfigSchema.common())
                .flags(List.of("routes=/=127.0.0.1:9000;/api=127.0.0.1:9001,127.0.0.1:9002")).load();
        assertThat(c.routes().match("/api/x").origins().origins()).hasSize(2);
        assertThat(c.routes().match("/x").origins().next().port()).isEqualTo(9000);

        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common()).flags(List.of("routes=/=nohost")).load())
                .isInstanceOf(ConfigException.class).hasMessageContaining("'/=nohost'").hasMessageContaining("routes");
    }

    @Test
    void frontEndsAddTheirOwnKeysAndProfileValues() {
        ConfigKey<Integer> maxThreads = ConfigKey.integer("tomcat.maxThreads", 200, 1, 100_000, "request threads");
        ConfigSchema schema = ConfigSchema.common().add(maxThreads).addProfile("reference", java.util.Map.of("tomcat.maxThreads", "5000"));
        ProxyConfig c = new ConfigLoader(schema).profile("reference").load();
        assertThat(c.get(maxThreads)).isEqualTo(5000);
        assertThat(c.get(WORKERS_STAGE)).isEqualTo(8);
        assertThatThrownBy(() -> schema.add(maxThreads)).hasMessageContaining("defined twice");
    }

    @Test
    void durationsReadTheWayPeopleWriteThem() {
        assertThat(DurationValue.parse("500us")).isEqualTo(Duration.ofNanos(500_000));
        assertThat(DurationValue.parse("50ms")).isEqualTo(Duration.ofMillis(50));
        assertThat(DurationValue.parse("50")).isEqualTo(Duration.ofMillis(50));
        assertThat(DurationValue.parse("1.5s")).isEqualTo(Duration.ofMillis(1500));
        assertThat(DurationValue.parse("2m")).isEqualTo(Duration.ofMinutes(2));
        assertThatThrownBy(() -> DurationValue.parse("5 parsecs")).hasMessageContaining("unknown duration unit");
        assertThatThrownBy(() -> DurationValue.parse("-1s")).hasMessageContaining("negative");
    }
}
