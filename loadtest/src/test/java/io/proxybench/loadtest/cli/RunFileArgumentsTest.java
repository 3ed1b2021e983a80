package io.proxybench.loadtest.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.runfile.PlanFileWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** A run file read into run's options, flags beside it, and the plan.yaml a run writes read back. */
class RunFileArgumentsTest {

    @TempDir
    Path dir;

    private static RunFileArguments arguments(String... args) {
        RunCommand command = new RunCommand();
        CommandLine.ParseResult parse = new CommandLine(command).parseArgs(args);
        command.options.unmatched = command.unmatched;
        return RunFileArguments.of(parse, command.options);
    }

    private static RunPlan plan(RunFileArguments arguments) throws PlanException {
        return RunPlanReader.read(arguments.options(), "proxybench run", RunPlanReader.Installed.ALL)
                .plan();
    }

    private Path file(String name, String yaml) throws IOException {
        return Files.writeString(dir.resolve(name), yaml);
    }

    @Test
    void aRunFileGivesWhatTheSameFlagsGive() throws Exception {
        Path run = file("ramp.yaml", """
                front-ends: [netty, "tomcat[maxThreads=500]"]
                ramp: 700:2000:200
                duration: 10s
                mode: churn
                set:
                  netty.workers.stage: 8
                """);
        RunPlan fromFile = plan(arguments(run.toString()));
        RunPlan fromFlags = plan(arguments(
                "--front-ends",
                "netty,tomcat[maxThreads=500]",
                "--ramp",
                "700:2000:200",
                "--duration",
                "10s",
                "--mode",
                "churn",
                "--set",
                "netty.workers.stage=8"));

        assertThat(fromFile).isEqualTo(fromFlags);
        assertThat(fromFile.load().steps()).startsWith(700, 900).endsWith(2000);
        assertThat(fromFile.frontEnds().get(0).settings()).containsEntry("workers.stage", "8");
    }

    @Test
    void flagsBesideTheFileOverrideItsValues() throws Exception {
        Path run = file("run.yaml", "steps: [100, 200]\nduration: 10s\nmode: churn\nset: [netty.workers.stage=8]\n");

        RunPlan plan = plan(arguments(run.toString(), "--duration", "3s", "--set", "netty.workers.stage=4"));

        assertThat(plan.load().durationSec()).isEqualTo(3);
        assertThat(plan.load().steps()).containsExactly(100, 200);
        assertThat(plan.load().mode()).isEqualTo(ConnectionMode.CHURN);
        assertThat(plan.frontEnds().get(0).settings()).containsEntry("workers.stage", "4");
    }

    @Test
    void thePlanFileRunsTheSamePlanAgain() throws Exception {
        Path template = file("envoy.yaml", "listen: {{address}}:{{port}}\nroute: {{origin}}\n");
        Path run = file("run.yaml", """
                front-ends:
                  - netty
                  - name: my-proxy
                    command: sh -c 'exec cat {{dir}}/envoy.yaml'
                    config: envoy.yaml
                    ready: listening on
                    env: {GOMAXPROCS: "2"}
                    stop: {signal: QUIT, grace: 20s}
                steps: [100, 400]
                warmup: 5s
                set: [netty.workers.stage=8]
                """ + "out: " + dir.resolve("results") + "\n");
        RunFileArguments first = arguments(run.toString(), "--netty.workers.inbound=2");
        RunPlan plan = plan(first);
        Path runDir = Files.createDirectories(dir.resolve("results/r1"));

        String written = PlanFileWriter.write(first.planOptions(plan), runDir, "r1");
        Path planFile = Files.writeString(runDir.resolve(PlanFileWriter.FILE_NAME), written);
        Files.delete(template);
        RunPlan again = plan(arguments(planFile.toString()));

        assertThat(written).contains("steps:\n  - 100\n  - 400").contains("duration: 5s");
        assertThat(again.frontEnds().get(0)).isEqualTo(plan.frontEnds().get(0));
        FrontEndSpec external = again.frontEnds().get(1);
        assertThat(external.kind()).isEqualTo(FrontEndKind.EXTERNAL);
        assertThat(external.external().config().source())
                .as("the template travels with the plan")
                .isEqualTo(runDir.resolve("front-ends/my-proxy/envoy.yaml").toString());
        assertThat(external.external())
                .usingRecursiveComparison()
                .ignoringFields("config.source", "definedIn", "settings.file", "settings.line")
                .isEqualTo(plan.frontEnds().get(1).external());
        assertThat(again.load()).isEqualTo(plan.load());
        assertThat(again.warmup()).isEqualTo(plan.warmup());
        assertThat(again.leadIn()).isEqualTo(plan.leadIn());
        assertThat(again.jvm()).isEqualTo(plan.jvm());
        assertThat(again.origin()).isEqualTo(plan.origin());
        assertThat(again.placement()).isEqualTo(plan.placement());
        assertThat(again.repeats()).isEqualTo(plan.repeats());
        assertThat(again.profiler()).isEqualTo(plan.profiler());
        assertThat(again.outDir()).isEqualTo(plan.outDir());
    }

    @Test
    void aBadValueNamesTheFileTheLineAndTheKey() throws IOException {
        Path run = file("run.yaml", "steps: [100]\nmode: fast\n");

        assertThatThrownBy(() -> arguments(run.toString()))
                .hasMessage(run + ":2: mode: unknown value 'fast' (expected one of keepalive, churn)");
    }

    @Test
    void aValueTheKitRefusesLaterStillNamesItsLine() throws Exception {
        Path run = file("run.yaml", "duration: 5s\nthreads: 1000\n");
        RunFileArguments arguments = arguments(run.toString());

        assertThatThrownBy(() -> plan(arguments))
                .isInstanceOf(PlanException.class)
                .satisfies(e -> assertThat(arguments.located(e.getMessage()))
                        .isEqualTo(run + ":2: threads: 1000 is out of range 1..256"));
    }

    @Test
    void theCommandLineRefusesABadFileWithExitCode2AndOneLine() throws IOException {
        Path run = file("run.yaml", "steps: [100]\nfrontends: netty\n");
        StringWriter err = new StringWriter();
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setErr(new PrintWriter(err, true));
        cmd.setOut(new PrintWriter(new StringWriter(), true));

        int code = cmd.execute(
                "run", run.toString(), "--out", dir.resolve("results").toString());

        assertThat(code).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(err.toString().lines().toList())
                .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .startsWith("proxybench run: " + run + ":2: unknown key 'frontends'");
        assertThat(dir.resolve("results")).doesNotExist();
    }
}
