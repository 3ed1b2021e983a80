package io.proxybench.loadtest.generator.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.generator.GeneratorContext;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.topology.LoopbackStandIn;
import io.proxybench.loadtest.topology.LoopbackTopology;
import io.proxybench.loadtest.topology.Topology;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GatlingGeneratorTest {

    @TempDir
    Path tmp;

    @Test
    void anUnbuiltModuleIsReportedWithTheCommandThatBuildsIt() {
        GatlingGenerator g = generator(new LoopbackTopology(), new GatlingInstall(tmp.resolve("loadtest/gatling")));

        assertThat(g.unavailableReason())
                .hasValueSatisfying(reason -> assertThat(reason)
                        .startsWith("Gatling module not built (no "
                                + tmp.resolve("loadtest/gatling/target/loadtest-gatling.jar"))
                        .endsWith("run 'mvn -B -q install' in " + tmp.resolve("loadtest/gatling")));
        Assertions.assertThatThrownBy(() -> g.run(request("700", tmp)))
                .isInstanceOf(GeneratorException.class)
                .hasMessageStartingWith("Gatling module not built");
    }

    @Test
    void aBuiltModuleRunsOnLoopbackAndInNamespacesOnly() throws Exception {
        GatlingInstall install = builtInstall();
        assertThat(generator(new LoopbackTopology(), install).unavailableReason())
                .isEmpty();
        assertThat(generator(named("netns"), install).unavailableReason()).isEmpty();
        assertThat(generator(named("ssh"), install).unavailableReason())
                .hasValue("--generator gatling runs on the loopback and netns topologies, not ssh");
    }

    @Test
    void theClasspathIsTheModulesJarThenItsDependencies() throws Exception {
        GatlingInstall install = builtInstall();

        assertThat(install.classpath()).isEqualTo(install.jar() + ":/m2/gatling-app.jar:/m2/scala-library.jar");
    }

    @Test
    void gatlingMayUseEveryCore() {
        GatlingGenerator g = generator(new LoopbackTopology(), new GatlingInstall(tmp));

        assertThat(g.usableCores(1)).isEqualTo(2);
        assertThat(g.usableCores(2000)).isEqualTo(2);
        assertThat(g.name()).isEqualTo("gatling");
        assertThat(g.model()).isEqualTo(LoadModel.CLOSED);
    }

    @Test
    void eachStepKeepsItsReportUnderGatlingAndARepeatedStepGetsItsOwn() throws Exception {
        assertThat(GatlingGenerator.resultsDir(request("700", tmp))).isEqualTo(tmp.resolve("gatling/700"));
        Files.createDirectories(tmp.resolve("gatling/700"));
        assertThat(GatlingGenerator.resultsDir(request("700", tmp))).isEqualTo(tmp.resolve("gatling/700-2"));
    }

    @Test
    void stepsWarmTheirJvmUpButTheRunsWarmUpDoesNot() {
        assertThat(GatlingGenerator.warmupSec(request("700", tmp))).isEqualTo(GatlingGenerator.JIT_WARMUP_SEC);
        assertThat(GatlingGenerator.warmupSec(request("warmup", tmp))).isZero();
        // 2 s warm-up + 10 s step + twice the 5 s timeout + JVM start and report
        assertThat(GatlingGenerator.limit(request("700", tmp))).isEqualTo(Duration.ofSeconds(2 + 10 + 10 + 90));
    }

    @Test
    void modelsAreNamedAsOnTheCommandLine() {
        assertThat(LoadModel.find(" Open")).isEqualTo(LoadModel.OPEN);
        assertThat(LoadModel.find("closed")).isEqualTo(LoadModel.CLOSED);
        assertThat(LoadModel.find("poisson")).isNull();
    }

    private GatlingInstall builtInstall() throws Exception {
        Path dir = tmp.resolve("gatling-module");
        Files.createDirectories(dir.resolve("target"));
        Files.writeString(dir.resolve("target/loadtest-gatling.jar"), "");
        Files.writeString(dir.resolve("target/gatling.classpath"), "/m2/gatling-app.jar:/m2/scala-library.jar\n");
        return new GatlingInstall(dir);
    }

    private static GatlingGenerator generator(Topology topology, GatlingInstall install) {
        return new GatlingGenerator(
                new GeneratorContext(topology, null, 2, 2, Path.of("/tmp/run")),
                LoadModel.CLOSED,
                install,
                Path.of("java"));
    }

    private static StepRequest request(String name, Path raw) {
        return new StepRequest(
                name,
                URI.create("http://127.0.0.1:1/"),
                700,
                10,
                Duration.ofSeconds(5),
                ConnectionMode.KEEPALIVE,
                raw,
                h -> {});
    }

    /** Loopback under another name: all the generator looks at is the name. */
    private static Topology named(String name) {
        return new LoopbackStandIn(name, Map.of());
    }
}
