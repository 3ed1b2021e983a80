package io.proxybench.tomcat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.proxybench.core.server.ProxyLauncher;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Tomcat keys go through the shared launcher: bad values are one line and exit 2. */
class LauncherTest {

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(boolean serve, String... args) {
        return ProxyLauncher.run(
                new TomcatProxyFactory(),
                args,
                new PrintStream(new ByteArrayOutputStream(), true),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                serve);
    }

    @Test
    void unknownConnectorIsRefusedWithExitTwo() {
        assertThat(run(false, "--route", "/=127.0.0.1:9", "--set", "tomcat.connector=bio"))
                .isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo("proxy-tomcat: invalid value 'bio' for tomcat.connector (from flag):"
                        + " expected one of apr, nio, nio2");
    }

    @Test
    void aConfigFileSharedWithTheNettyFrontEndIsAccepted(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("both.properties");
        Files.writeString(
                file,
                "workers.stage=8\nserver.transport=epoll\neventloop.blockedThreshold=100ms\n"
                        + "tomcat.maxThreads=500\norigin.readTimeout=3s\n");
        assertThat(run(false, "--route", "/=127.0.0.1:9", "--config", file.toString()))
                .isZero();
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aMisspeltKeyIsStillRefused() {
        assertThat(run(false, "--route", "/=127.0.0.1:9", "--set", "tomcat.maxThread=500"))
                .isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo("proxy-tomcat: unknown config key 'tomcat.maxThread' (from flag)");
    }

    @Test
    void referenceProfileIsValid() {
        assertThat(run(false, "--route", "/=127.0.0.1:9", "--profile", "reference"))
                .isZero();
    }

    @Test
    void virtualThreadsBeforeJava21IsAClearStartFailure() {
        assumeTrue(Runtime.version().feature() < 21, "runs on a JVM without virtual threads");
        assertThat(run(
                        true,
                        "--port",
                        "0",
                        "--admin-port",
                        "0",
                        "--route",
                        "/=127.0.0.1:9",
                        "--set",
                        "tomcat.connector=nio",
                        "--set",
                        "tomcat.threads=virtual"))
                .isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .isEqualTo("proxy-tomcat: cannot start: tomcat.threads=virtual needs a Java 21+ runtime; this is "
                        + Runtime.version() + System.lineSeparator());
    }

    @Test
    void threadsOutsidePlatformAndVirtualAreRefusedWithExitTwo() {
        assertThat(run(false, "--route", "/=127.0.0.1:9", "--set", "tomcat.threads=green"))
                .isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).strip())
                .isEqualTo("proxy-tomcat: invalid value 'green' for tomcat.threads (from flag):"
                        + " expected one of platform, virtual");
    }
}
