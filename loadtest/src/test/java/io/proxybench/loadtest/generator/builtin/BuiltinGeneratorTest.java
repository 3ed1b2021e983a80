package io.proxybench.loadtest.generator.builtin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.generator.GeneratorContext;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.topology.LoopbackTopology;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BuiltinGeneratorTest {

    @TempDir
    Path raw;

    private BuiltinGenerator generator(LoadModel model, Path jar) {
        return new BuiltinGenerator(
                new GeneratorContext(new LoopbackTopology(), null, 2, 4, raw), model, jar, Path.of("java"));
    }

    private StepRequest step(int connections, ConnectionMode mode) {
        return new StepRequest(
                "400",
                URI.create("http://127.0.0.1:8080/"),
                connections,
                10,
                Duration.ofSeconds(2),
                mode,
                raw,
                handle -> {});
    }

    @Test
    void closedAndChurnStepsAsStepCommands() {
        BuiltinGenerator closed = generator(LoadModel.CLOSED, raw.resolve("loadgen.jar"));
        assertThat(closed.stepCommand(step(400, ConnectionMode.KEEPALIVE)))
                .isEqualTo("step name=400 connections=400 duration=10s mode=keepalive timeout=2000ms out="
                        + raw.toAbsolutePath());
        assertThat(closed.stepCommand(step(400, ConnectionMode.CHURN))).contains(" mode=churn ");
    }

    @Test
    void anOpenModelStepIsARateOverEnoughConnections() {
        assertThat(generator(LoadModel.OPEN, raw).stepCommand(step(2000, ConnectionMode.KEEPALIVE)))
                .startsWith("step name=400 connections=500 rate=2000 duration=10s");
        assertThat(BuiltinGenerator.openConnections(5)).isEqualTo(10);
    }

    @Test
    void aStepLineIsReadLikeWrksSummaryWithItsFiles() throws Exception {
        Files.writeString(raw.resolve("loadgen-400.hlog"), "#");
        String line =
                "{\"type\":\"step\",\"name\":\"400\",\"requests\":19480,\"durationUs\":10000000,\"bytes\":21935480,"
                        + "\"errors\":{\"connect\":1,\"read\":2,\"write\":0,\"status\":3,\"timeout\":4},"
                        + "\"latencyUs\":{\"min\":50112,\"mean\":50934.2,\"p50\":50751,\"p75\":51039,"
                        + "\"p90\":51455,\"p99\":54463,"
                        + "\"max\":61215},\"startEpochMs\":1795385000000,\"endEpochMs\":1795385010003}";
        GeneratorResult r = BuiltinGenerator.parse(line, raw, "400");
        assertThat(r.requests()).isEqualTo(19480);
        assertThat(r.rps()).isEqualTo(1948.0);
        assertThat(r.latency().p50Ms()).isEqualTo(50.751);
        assertThat(r.errors().socketErrors()).isEqualTo(3);
        assertThat(r.errors().timeout()).isEqualTo(4);
        assertThat(r.loadWindow())
                .as("the step command's round trip is the load")
                .isNull();
        assertThat(r.rawFiles()).containsExactly(raw.resolve("loadgen-400.hlog"));
    }

    @Test
    void anErrorLineOrAMissingJarIsOneLine() {
        assertThatThrownBy(() -> BuiltinGenerator.parse(
                        "{\"type\":\"error\",\"message\":\"connections=x: not a number\"}", raw, "400"))
                .isInstanceOf(GeneratorException.class)
                .hasMessage("built-in generator: connections=x: not a number");
        BuiltinGenerator missing = generator(LoadModel.CLOSED, raw.resolve("absent.jar"));
        assertThat(missing.unavailableReason())
                .get()
                .asString()
                .contains("absent.jar is missing")
                .contains("mvn -B -DskipTests package -pl loadgen -am");
        assertThatThrownBy(() -> missing.run(step(10, ConnectionMode.KEEPALIVE)))
                .isInstanceOf(GeneratorException.class);
    }
}
