package io.proxybench.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.loadtest.cli.ProxybenchMain;
import io.proxybench.loadtest.process.KitLayout;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code proxybench run --origin-faults} end to end against netty and the real stub-origin, one 3 s
 * step: the origin's fault counts reach the step, the faults reach the generator as errors, and the
 * pool is read back once the load is off.
 */
@Tag("smoke")
@ExtendWith(WrkRequired.class)
class OriginFaultsRunTest {

    private static final KitLayout LAYOUT =
            new KitLayout(Path.of("").toAbsolutePath().getParent());

    @TempDir
    Path out;

    @Test
    void everyFaultTheOriginServedIsAccountedFor() throws IOException {
        assumeTrue(
                Files.isRegularFile(LAYOUT.originJar()) && Files.isRegularFile(LAYOUT.proxyJar("netty")),
                "stub-origin or proxy-netty is not built (mvn -DskipTests package): run skipped");
        System.setProperty(KitLayout.HOME_PROPERTY, LAYOUT.home().toString());
        StringWriter stdout = new StringWriter();
        StringWriter stderr = new StringWriter();
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(stdout, true));
        cmd.setErr(new PrintWriter(stderr, true));
        int code = cmd.execute(
                "run",
                "--generator",
                "wrk",
                "--front-ends",
                "netty",
                "--steps",
                "20",
                "--duration",
                "3s",
                "--warmup",
                "0",
                "--origin-faults",
                "status-500=5%,garbage=5%",
                "--out",
                out.toString());
        assertThat(code)
                .as("exit code; stdout:%n%s%nstderr:%n%s", stdout, stderr)
                .isZero();
        Path runDir;
        try (Stream<Path> dirs = Files.list(out)) {
            runDir = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        ObjectMapper json = new ObjectMapper();
        JsonNode run = json.readTree(runDir.resolve("run.json").toFile());
        assertThat(run.get("settings").get("originFaults").asText()).isEqualTo("status-500=5%,garbage=5%");
        assertThat(run.get("frontEnds").get(0).get("origin").toString())
                .contains("--fault-rate", "status-500=0.05,garbage=0.05");

        JsonNode step = json.readTree(runDir.resolve("steps.json").toFile()).get(0);
        JsonNode faults = step.get("originFaults");
        long served = faults.get("status500").asLong() + faults.get("garbage").asLong();
        assertThat(faults.get("requests").asLong()).isGreaterThan(100);
        assertThat(faults.get("status500").asLong()).isPositive();
        assertThat(faults.get("garbage").asLong()).isPositive();
        assertThat(faults.get("reset").asLong()).isZero();
        // both kinds end as a non-2xx answer (the 500 passed through, garbage as a 502); requests in flight at
        // the step's edges fall on either side of the origin's readings
        assertThat(step.get("errors").get("status").asLong()).isBetween(served - 20, served + 20);

        JsonNode after = run.get("frontEnds").get(0).get("afterSteps");
        assertThat(after.get("proxy.connections.origin.active").asLong())
                .as("pool back to idle")
                .isZero();
        assertThat(after.get("proxy.errors.originProtocol").asLong()).isPositive();
        assertThat(runDir.resolve("report.md")).content().contains("## Faults", "status-500=5%,garbage=5%");
    }
}
