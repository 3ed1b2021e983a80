package io.proxybench.core.config;

import static io.proxybench.core.config.ProxyConfigKeys.CLIENT_IDLE_TIMEOUT;
import static io.proxybench.core.config.ProxyConfigKeys.LIMITS_MAX_HEADER_SIZE;
import static io.proxybench.core.config.ProxyConfigKeys.LIMITS_MAX_INITIAL_LINE_LENGTH;
import static io.proxybench.core.config.ProxyConfigKeys.ORIGIN_CONNECT_TIMEOUT;
import static io.proxybench.core.config.ProxyConfigKeys.ORIGIN_READ_TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

class ConfigLoaderTest {

    /** A front end's own key, as a front end module would define it. */
    private static final ConfigKey<Integer> STAGE = ConfigKey.integer("workers.stage", 0, 0, 1024, "stage threads");

    @TempDir
    Path dir;

    private static ConfigSchema withProfile() {
        return ConfigSchema.common()
                .addProfile("reference", Map.of("origin.readTimeout", "20s", "origin.connectTimeout", "4s"));
    }

    @Test
    void defaultsApplyWhenNothingIsGiven() {
        ProxyConfig c = new ConfigLoader(ConfigSchema.common()).load();
        assertThat(c.get(ORIGIN_READ_TIMEOUT)).isEqualTo(Duration.ofSeconds(10));
        assertThat(c.get(LIMITS_MAX_HEADER_SIZE)).isEqualTo(8192);
        assertThat(c.sources().get("origin.readTimeout")).isEqualTo("default");
    }

    @Test
    void eachLayerOverridesTheOneBelow() throws IOException {
        Path file = dir.resolve("proxy.properties");
        Files.writeString(file, "origin.readTimeout=2s\norigin.connectTimeout=2s\nclient.idleTimeout=2s\n");
        Properties sys = new Properties();
        sys.setProperty("proxybench.origin.connectTimeout", "3s");
        sys.setProperty("proxybench.client.idleTimeout", "3s");
        sys.setProperty("unrelated.property", "x");

        ProxyConfig c = new ConfigLoader(withProfile())
                .profile("reference") // read 20s, connect 4s
                .file(file) // read 2s, connect 2s, idle 2s
                .systemProperties(sys) // connect 3s, idle 3s
                .flags(List.of("client.idleTimeout=5s"))
                .load();

        assertThat(c.get(ORIGIN_READ_TIMEOUT)).isEqualTo(Duration.ofSeconds(2));
        assertThat(c.get(ORIGIN_CONNECT_TIMEOUT)).isEqualTo(Duration.ofSeconds(3));
        assertThat(c.get(CLIENT_IDLE_TIMEOUT)).isEqualTo(Duration.ofSeconds(5));
        assertThat(c.sources())
                .containsEntry("origin.readTimeout", "file " + file)
                .containsEntry("origin.connectTimeout", "system property")
                .containsEntry("client.idleTimeout", "flag");
    }

    @Test
    void invalidValueNamesKeyValueAndSource() {
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common())
                        .flags(List.of("limits.maxConnections=-1"))
                        .load())
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'-1'")
                .hasMessageContaining("limits.maxConnections")
                .hasMessageContaining("flag")
                .hasMessageContaining("[1, 10000000]");
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common())
                        .flags(List.of("origin.readTimeout=soon"))
                        .load())
                .hasMessageContaining("origin.readTimeout")
                .hasMessageContaining("'soon'");
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common())
                        .flags(List.of("origin.readTimeout=0s"))
                        .load())
                .hasMessageContaining("positive duration");
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common())
                        .flags(List.of("limits.maxHeaderSize=2MiB"))
                        .load())
                .hasMessageContaining("a size in [256B, 1MiB]");
    }

    @Test
    void sizesReadTheSharedGrammar() {
        ProxyConfig c = new ConfigLoader(ConfigSchema.common())
                .flags(List.of("limits.maxHeaderSize=16KiB", "limits.maxInitialLineLength=4096"))
                .load();
        assertThat(c.get(LIMITS_MAX_HEADER_SIZE)).isEqualTo(16_384);
        assertThat(c.get(LIMITS_MAX_INITIAL_LINE_LENGTH)).isEqualTo(4096);
    }

    @Test
    void unknownKeysAreRejectedWhereverTheyComeFrom() throws IOException {
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common()).flags(List.of("origin.readTimout=4s")))
                .hasMessage("unknown config key 'origin.readTimout' (from flag)");
        Path file = dir.resolve("bad.properties");
        Files.writeString(file, "admin.prot=1\n");
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common()).file(file))
                .hasMessageContaining("unknown config key 'admin.prot'")
                .hasMessageContaining(file.toString());
        assertThatThrownBy(() -> new ConfigLoader(withProfile()).profile("fastest"))
                .hasMessageContaining("unknown profile 'fastest'")
                .hasMessageContaining("reference");
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common()).file(dir.resolve("missing.properties")))
                .hasMessageContaining("config file not found");
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common()).flags(List.of("novalue")))
                .hasMessageContaining("key=value");
    }

    @Test
    void routesAreParsedAndValidatedAtLoad() {
        ProxyConfig c = new ConfigLoader(ConfigSchema.common())
                .flags(List.of("routes=/=127.0.0.1:9000;/api=127.0.0.1:9001,127.0.0.1:9002"))
                .load();
        assertThat(c.routes().match("/api/x").origins().origins()).hasSize(2);
        assertThat(c.routes().match("/x").origins().next().port()).isEqualTo(9000);

        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.common())
                        .flags(List.of("routes=/=nohost"))
                        .load())
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'/=nohost'")
                .hasMessageContaining("routes");
    }

    @Test
    void frontEndsAddTheirOwnKeysAndProfileValues() {
        ConfigKey<Integer> maxThreads = ConfigKey.integer("tomcat.maxThreads", 200, 1, 100_000, "request threads");
        ConfigSchema schema = ConfigSchema.forFrontEnd(FrontEndNamespace.TOMCAT)
                .add(maxThreads)
                .addProfile("reference", Map.of("tomcat.maxThreads", "5000"));
        ProxyConfig c = new ConfigLoader(schema).profile("reference").load();
        assertThat(c.get(maxThreads)).isEqualTo(5000);
        assertThatThrownBy(() -> schema.add(maxThreads)).hasMessageContaining("defined twice");
    }

    @Test
    void aFrontEndsKeysMustLieInItsNamespace() {
        assertThatThrownBy(
                        () -> ConfigSchema.forFrontEnd(FrontEndNamespace.TOMCAT).add(STAGE))
                .hasMessage("config key workers.stage is neither common nor in proxy-tomcat's namespace [tomcat.*]");
        assertThatThrownBy(() -> ConfigSchema.forFrontEnd(FrontEndNamespace.NETTY)
                        .add(ConfigKey.integer("pool.size", 1, 1, 2, "x")))
                .hasMessageContaining("neither common nor");
        assertThat(ConfigSchema.forFrontEnd(FrontEndNamespace.NETTY).add(STAGE).key("workers.stage"))
                .isSameAs(STAGE);
    }

    @Test
    void commonKeysLieInNoFrontEndsNamespace() {
        assertThat(ProxyConfigKeys.all())
                .allSatisfy(k -> assertThat(FrontEndNamespace.ownerOf(k.name())).isEmpty());
    }

    @Test
    void theOtherFrontEndsKeysAreIgnoredButTyposStillRefused() throws IOException {
        Path file = dir.resolve("both.properties");
        Files.writeString(
                file, "workers.stage=8\ntomcat.maxThreads=5000\ntomcat.connector=nio\norigin.readTimeout=3s\n");

        ConfigLoader tomcat = new ConfigLoader(ConfigSchema.forFrontEnd(FrontEndNamespace.TOMCAT)
                        .add(ConfigKey.integer("tomcat.maxThreads", 200, 1, 100_000, "x"))
                        .add(ConfigKey.text("tomcat.connector", "apr", "x")))
                .file(file);
        ProxyConfig onTomcat = tomcat.load();
        assertThat(onTomcat.asText()).doesNotContainKey("workers.stage").containsEntry("tomcat.maxThreads", "5000");
        assertThat(tomcat.ignored())
                .containsExactly(Map.entry("workers.stage", "proxy-netty (from file " + file + ")"));

        ConfigLoader netty = new ConfigLoader(
                        ConfigSchema.forFrontEnd(FrontEndNamespace.NETTY).add(STAGE))
                .file(file);
        ProxyConfig onNetty = netty.load();
        assertThat(onNetty.get(STAGE)).isEqualTo(8);
        assertThat(onNetty.get(ORIGIN_READ_TIMEOUT)).isEqualTo(Duration.ofSeconds(3));
        assertThat(netty.ignored()).containsOnlyKeys("tomcat.maxThreads", "tomcat.connector");

        // The owner refuses a misspelling in its own namespace; a name in nobody's namespace is refused by both.
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.forFrontEnd(FrontEndNamespace.NETTY)
                                .add(STAGE))
                        .flags(List.of("workers.stgae=8")))
                .hasMessage("unknown config key 'workers.stgae' (from flag)");
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.forFrontEnd(FrontEndNamespace.TOMCAT))
                        .flags(List.of("tomcat.maxThread=8")))
                .hasMessage("unknown config key 'tomcat.maxThread' (from flag)");
        assertThatThrownBy(() -> new ConfigLoader(ConfigSchema.forFrontEnd(FrontEndNamespace.TOMCAT))
                        .flags(List.of("worker.stage=8")))
                .hasMessage("unknown config key 'worker.stage' (from flag)");
    }

    @Test
    void ignoredKeysAreLoggedInOneLinePerSource() throws IOException {
        Path file = dir.resolve("both.properties");
        Files.writeString(file, "tomcat.maxThreads=5000\ntomcat.connector=nio\n");
        Logger logger = (Logger) LoggerFactory.getLogger(ConfigLoader.class);
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        logger.addAppender(appender);
        Level level = logger.getLevel();
        logger.setLevel(Level.INFO);
        try {
            new ConfigLoader(ConfigSchema.forFrontEnd(FrontEndNamespace.NETTY))
                    .file(file)
                    .flags(List.of("tomcat.acceptCount=10"))
                    .load();
        } finally {
            logger.setLevel(level);
            logger.detachAppender(appender);
        }
        assertThat(appender.list)
                .extracting(ILoggingEvent::getFormattedMessage)
                .containsExactly(
                        "ignoring proxy-tomcat settings tomcat.connector, tomcat.maxThreads (from file " + file + ")",
                        "ignoring proxy-tomcat setting tomcat.acceptCount (from flag)");
    }
}
