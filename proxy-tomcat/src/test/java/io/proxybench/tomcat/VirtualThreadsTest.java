package io.proxybench.tomcat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.origin.StubOrigin;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** On a Java 21+ runtime, {@code tomcat.virtualThreads=true} serves requests (checked in a child JVM). */
class VirtualThreadsTest {

    /** A JDK with virtual threads: the test JVM itself, or the one named by proxybench.test.java21. */
    private static Path java21() {
        if (Runtime.version().feature() >= 21) {
            return Path.of(System.getProperty("java.home"), "bin", "java");
        }
        return Path.of(System.getProperty("proxybench.test.java21", "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java"));
    }

    @Test
    void virtualThreadsServeRequestsOnJava21() throws Exception {
        Path java = java21();
        assumeTrue(Files.isExecutable(java), "no Java 21+ runtime at " + java);
        try (StubOrigin origin = TestProxies.origin()) {
            Process p = new ProcessBuilder(
                            java.toString(),
                            "-cp",
                            System.getProperty("java.class.path"),
                            TomcatProxyMain.class.getName(),
                            "--port",
                            "0",
                            "--admin-port",
                            "0",
                            "--route",
                            "/=127.0.0.1:" + origin.port(),
                            "--set",
                            "tomcat.connector=nio",
                            "--set",
                            "tomcat.virtualThreads=true")
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            try {
                String line = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))
                        .readLine();
                assertThat(line).as("first stdout line").startsWith("listening port=");
                int port = Integer.parseInt(line.replaceAll("listening port=(\\d+) admin=\\d+", "$1"));
                try (RawHttpConnection c = RawHttpConnection.open(port)) {
                    for (int i = 0; i < 3; i++) {
                        assertThat(c.exchange(OriginRequests.payload(3000)).body())
                                .hasSize(3000);
                    }
                }
                p.destroy();
                assertThat(p.waitFor(20, TimeUnit.SECONDS))
                        .as("exited on SIGTERM")
                        .isTrue();
                // 143: the JVM reports SIGTERM in the exit status even after a clean drain (see ProxyLauncher).
                assertThat(p.exitValue()).isIn(0, 143);
            } finally {
                p.destroyForcibly();
            }
        }
    }
}
