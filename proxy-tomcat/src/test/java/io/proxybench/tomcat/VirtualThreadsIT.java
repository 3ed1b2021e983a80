package io.proxybench.tomcat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.origin.StubOrigin;
import io.proxybench.tomcat.connector.AprRequired;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code tomcat.threads=virtual} in the packaged jar, started as a user starts it ({@code bin/proxy-tomcat},
 * which reads {@code jvm.options}): refused in one line on this Java 17, and on a Java 21+ runtime
 * (Temurin 25 where installed, or {@code -Dproxybench.test.jdk21=JAVA_HOME}) serving through each
 * connector with every request, origin call included, on a virtual thread.
 */
class VirtualThreadsIT {

    private static final Path LAUNCHER =
            Path.of("").toAbsolutePath().getParent().resolve("bin/proxy-tomcat");
    private static final Path JDK21 =
            Path.of(System.getProperty("proxybench.test.jdk21", "/usr/lib/jvm/temurin-25-jdk-amd64"));
    private static final Pattern READY = Pattern.compile("listening port=(\\d+) admin=(\\d+)");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void refusedInOneLineOnAJavaWithoutVirtualThreads() throws Exception {
        assumeTrue(
                Runtime.version().feature() < 21,
                "runs on a Java without virtual threads; this is " + Runtime.version());
        Process proxy = launch(Path.of(System.getProperty("java.home")), "/=127.0.0.1:9", "nio");
        try {
            assertThat(proxy.waitFor(60, TimeUnit.SECONDS)).as("exited").isTrue();
            assertThat(proxy.exitValue()).isEqualTo(1);
            assertThat(Files.readAllLines(dir.resolve("stderr.log")))
                    .containsExactly("proxy-tomcat: cannot start: tomcat.threads=virtual needs a Java 21+ runtime;"
                            + " this is " + Runtime.version());
            assertThat(dir.resolve("stdout.log")).isEmptyFile();
        } finally {
            proxy.destroyForcibly();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"nio", "nio2", "apr"})
    void servesEveryRequestOnAVirtualThread(String connector) throws Exception {
        assumeTrue(Files.isExecutable(JDK21.resolve("bin/java")), "no Java 21+ runtime at " + JDK21);
        AprRequired.assumeAvailableFor(connector);
        try (StubOrigin origin = TestProxies.origin()) {
            Process proxy = launch(JDK21, "/=127.0.0.1:" + origin.port(), connector);
            try {
                Matcher ready = READY.matcher(firstLine(proxy));
                assertThat(ready.matches()).as("ready line").isTrue();
                int port = Integer.parseInt(ready.group(1));
                URI admin = URI.create("http://127.0.0.1:" + ready.group(2));

                JsonNode resolved = JSON.readTree(get(admin.resolve("/resolved")));
                assertThat(resolved.path("tomcat.connector").asText()).isEqualTo(connector);
                assertThat(resolved.path("tomcat.threads").asText()).isEqualTo("virtual");
                assertThat(JSON.readTree(get(admin.resolve("/metrics")))
                                .path("gauges")
                                .path("proxy.tomcat.threads.virtual")
                                .path("value")
                                .asInt())
                        .as("proxy.tomcat.threads.virtual")
                        .isEqualTo(1);

                try (RawHttpConnection client = RawHttpConnection.open(port)) {
                    for (int i = 0; i < 3; i++) {
                        assertThat(client.exchange(OriginRequests.payload(3000)).body())
                                .hasSize(3000);
                    }
                    byte[] body = new byte[20_000];
                    assertThat(client.exchange(RawRequest.post("/echo", body).header(OriginRequests.LATENCY, "0ms"))
                                    .status())
                            .isEqualTo(200);
                }
                assertOriginCallOnAVirtualThread(proxy, origin, port);
            } finally {
                proxy.destroyForcibly();
                proxy.waitFor(60, TimeUnit.SECONDS);
            }
        }
    }

    /**
     * Holds one request at the origin and dumps the proxy's threads meanwhile: the thread blocked in
     * the origin call is a virtual one, so nothing handed the call to a platform pool.
     */
    private void assertOriginCallOnAVirtualThread(Process proxy, StubOrigin origin, int port) throws Exception {
        long before = origin.stats().requests();
        try (RawHttpConnection held = RawHttpConnection.open(port)) {
            held.send(OriginRequests.payload(100, "10m"));
            Eventually.until(
                    "the origin holds the request", () -> origin.stats().requests() > before);
            List<JsonNode> callers = threadsIn(threadDump(proxy), "io.proxybench.tomcat.origin.OriginClient.open");
            assertThat(callers).as("threads in OriginClient.open").hasSize(1);
            assertThat(callers.get(0).path("virtual").asBoolean())
                    .as("virtual: " + callers.get(0))
                    .isTrue();
        }
    }

    private Process launch(Path javaHome, String route, String connector) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(
                        LAUNCHER.toString(),
                        "--port",
                        "0",
                        "--admin-port",
                        "0",
                        "--route",
                        route,
                        "--set",
                        "tomcat.connector=" + connector,
                        "--set",
                        "tomcat.threads=virtual",
                        "--set",
                        "shutdown.drainTimeout=0")
                .redirectOutput(dir.resolve("stdout.log").toFile())
                .redirectError(dir.resolve("stderr.log").toFile());
        builder.environment().put("JAVA_HOME", javaHome.toString());
        builder.environment().remove("JAVA_OPTS");
        return builder.start();
    }

    /** The ready line: the launcher's stdout is a file, read as it grows. */
    private String firstLine(Process proxy) throws Exception {
        Path stdout = dir.resolve("stdout.log");
        Eventually.until(
                "proxy-tomcat prints a line or exits",
                () -> !proxy.isAlive() || readQuietly(stdout).contains("\n"));
        String out = readQuietly(stdout);
        assertThat(out)
                .as("stdout; stderr: " + readQuietly(dir.resolve("stderr.log")))
                .contains("\n");
        return out.substring(0, out.indexOf('\n'));
    }

    private JsonNode threadDump(Process proxy) throws Exception {
        Path dump = dir.resolve("threads.json");
        Process jcmd = new ProcessBuilder(
                        JDK21.resolve("bin/jcmd").toString(),
                        Long.toString(proxy.pid()),
                        "Thread.dump_to_file",
                        "-format=json",
                        dump.toString())
                .redirectErrorStream(true)
                .start();
        String output;
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(jcmd.getInputStream(), StandardCharsets.UTF_8))) {
            output = String.join("\n", reader.lines().toList());
        }
        assertThat(jcmd.waitFor(60, TimeUnit.SECONDS)).as("jcmd exited").isTrue();
        assertThat(jcmd.exitValue()).as("jcmd: " + output).isZero();
        return JSON.readTree(dump.toFile());
    }

    private static List<JsonNode> threadsIn(JsonNode dump, String frame) {
        List<JsonNode> found = new ArrayList<>();
        for (JsonNode container : dump.path("threadDump").path("threadContainers")) {
            for (JsonNode thread : container.path("threads")) {
                for (JsonNode line : thread.path("stack")) {
                    if (line.asText().startsWith(frame + "(")) {
                        found.add(thread);
                        break;
                    }
                }
            }
        }
        return found;
    }

    private static String get(URI uri) throws Exception {
        HttpResponse<String> response = HttpClient.newHttpClient()
                .send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(uri.toString()).isEqualTo(200);
        return response.body();
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
