package io.proxybench.loadtest.generator.builtin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.loadtest.cli.ProxybenchMain;
import io.proxybench.loadtest.process.KitLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kit on a machine without wrk: the real {@code run} command, in a JVM of its own whose PATH
 * holds everything of /usr/bin but wrk, measures its rows with the built-in generator and says so in
 * run.json.
 */
@Tag("smoke")
class BuiltinGeneratorRunTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final KitLayout LAYOUT =
            new KitLayout(Path.of("").toAbsolutePath().getParent());

    @TempDir
    Path tmp;

    @Test
    void withoutWrkTheBuiltInGeneratorMeasuresTheRun() throws IOException, InterruptedException {
        for (Path jar : List.of(LAYOUT.loadgenJar(), LAYOUT.originJar(), LAYOUT.proxyJar("netty"))) {
            assumeTrue(Files.isRegularFile(jar), jar + " is not built (mvn -B -DskipTests package): skipped");
        }
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        try (Stream<Path> tools = Files.list(Path.of("/usr/bin"))) {
            for (Path tool : tools.toList()) {
                if (!tool.getFileName().toString().equals("wrk")) {
                    Files.createSymbolicLink(bin.resolve(tool.getFileName()), tool);
                }
            }
        }
        Path out = tmp.resolve("results");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + KitLayout.HOME_PROPERTY + "=" + LAYOUT.home(),
                "-cp",
                System.getProperty("java.class.path"),
                ProxybenchMain.class.getName(),
                "run",
                "--front-ends",
                "netty",
                "--steps",
                "5,10",
                "--duration",
                "2s",
                "--warmup",
                "1s",
                "--out",
                out.toString()));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(tmp.resolve("kit.log").toFile());
        builder.environment().put("PATH", bin.toString());
        Process kit = builder.start();
        boolean ended = kit.waitFor(3, TimeUnit.MINUTES);
        if (!ended) {
            kit.destroyForcibly();
        }
        String log = Files.readString(tmp.resolve("kit.log"));
        assertThat(ended).as("kit still running after 3 minutes:%n%s", log).isTrue();
        assertThat(kit.exitValue()).as("exit code; output:%n%s", log).isZero();
        assertThat(log)
                .contains("generator: built-in (wrk not installed: apt-get install wrk for a lower-CPU generator)");

        Path runDir;
        try (Stream<Path> dirs = Files.list(out)) {
            runDir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        JsonNode run = JSON.readTree(runDir.resolve("run.json").toFile());
        assertThat(run.get("generator").asText()).isEqualTo("builtin");
        JsonNode steps = JSON.readTree(runDir.resolve("steps.json").toFile());
        assertThat(steps).hasSize(2);
        for (JsonNode step : steps) {
            String where = "step " + step.get("connections");
            assertThat(step.get("status").asText()).as(where).isEqualTo("ok");
            assertThat(step.get("requests").asLong()).as(where).isPositive();
            // the origin answers after 50 ms: nothing can be faster
            assertThat(step.get("latency").get("p50Ms").asDouble()).as(where).isGreaterThanOrEqualTo(50.0);
            assertThat(step.get("generatorCpuPct").isNumber())
                    .as(where + " generator CPU sampled")
                    .isTrue();
        }
        for (String file :
                List.of("raw/netty/loadgen-5.hlog", "raw/netty/loadgen-10.hlog", "raw/netty/loadgen-10.json")) {
            assertThat(runDir.resolve(file)).as(file).isRegularFile();
        }
    }
}
