package io.proxybench.loadtest.runfile;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.cli.ProxybenchMain;
import io.proxybench.loadtest.plan.ExternalFrontEnd;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.ReadyCondition;
import io.proxybench.loadtest.plan.StopPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Model.CommandSpec;

/** What a run file may hold, and the one line each mistake in it gets. */
class RunFileReaderTest {

    private static final CommandSpec RUN =
            ProxybenchMain.commandLine().getSubcommands().get("run").getCommandSpec();

    @TempDir
    Path dir;

    private RunFile read(String yaml) throws IOException, PlanException {
        return new RunFileReader(RUN).read(Files.writeString(dir.resolve("run.yaml"), yaml));
    }

    private String error(String yaml) throws IOException {
        Path file = Files.writeString(dir.resolve("run.yaml"), yaml);
        try {
            new RunFileReader(RUN).read(file);
        } catch (PlanException e) {
            return e.getMessage().replace(file.toString(), "run.yaml");
        }
        throw new AssertionError("no error for:\n" + yaml);
    }

    @Test
    void keysBecomeTheOptionsTheyName() throws Exception {
        RunFile file = read("""
                steps: [100, 200]
                duration: 5s
                apply-sysctl: false
                jvm-arg: [-Xmx1g, -XX:+UseZGC]
                set: {netty.workers.stage: 8}
                front-ends: netty,nginx
                """);

        assertThat(file.options())
                .extracting(RunFile.OptionValue::tokens)
                .containsExactly(
                        java.util.List.of("--steps=100,200"),
                        java.util.List.of("--duration=5s"),
                        java.util.List.of(),
                        java.util.List.of("--jvm-arg=-Xmx1g", "--jvm-arg=-XX:+UseZGC"),
                        java.util.List.of("--set=netty.workers.stage=8"),
                        java.util.List.of("--front-ends=netty,nginx"));
        assertThat(file.where("duration")).contains(dir.resolve("run.yaml") + ":2");
    }

    @Test
    void eachMistakeIsOneLineWithFileAndLine() throws IOException {
        assertThat(error("steps: [100]\nduraton: 5s\n")).startsWith("run.yaml:2: unknown key 'duraton'");
        assertThat(error("steps: [100]\nduration: {seconds: 5}\n"))
                .isEqualTo("run.yaml:2: duration: expected a value, found a map");
        assertThat(error("apply-sysctl: yes please\n")).startsWith("run.yaml:1: apply-sysctl: expected true or false");
        assertThat(error("steps: [100]\nsteps: [200]\n")).isEqualTo("run.yaml:2: steps: given twice (first on line 1)");
        assertThat(error("- steps\n")).startsWith("run.yaml:1: a run file is a map of run's options");
        assertThat(error("steps: [100\n")).startsWith("run.yaml:");
        assertThat(error("help: true\n")).startsWith("run.yaml:1: unknown key 'help'");
    }

    @Test
    void aDefinedFrontEndIsCheckedBeforeAnythingStarts() throws Exception {
        Files.writeString(dir.resolve("proxy.conf"), "listen {{address}}:{{port}};\nupstream {{origin}};\n");
        RunFile file = read("""
                front-ends:
                  - nginx
                  - name: mine
                    command: sh -c 'exec cat {{dir}}/proxy.conf'
                    config: proxy.conf
                    ready: /healthz
                    ready-timeout: 20s
                    stop: {signal: SIGQUIT}
                """);

        ExternalFrontEnd mine = file.definitions().get("mine");
        assertThat(file.options().get(0).tokens()).containsExactly("--front-ends=nginx,mine");
        assertThat(mine.config().source()).isEqualTo(dir.resolve("proxy.conf").toString());
        assertThat(mine.config().text()).startsWith("listen {{address}}:{{port}};");
        assertThat(mine.ready()).isEqualTo(new ReadyCondition(ReadyCondition.Kind.HTTP_PATH, "/healthz"));
        assertThat(mine.readyTimeout()).isEqualTo(Duration.ofSeconds(20));
        assertThat(mine.stop()).isEqualTo(new StopPolicy(StopPolicy.Signal.QUIT, Duration.ofSeconds(10)));
        assertThat(mine.definedIn()).hasToString(dir.resolve("run.yaml") + ":3");
    }

    @Test
    void aDefinitionsMistakesAreNamedByLine() throws IOException {
        assertThat(error("front-ends:\n  - name: a\n    comand: x {{port}}\n"))
                .startsWith(
                        "run.yaml:3: front-ends: unknown key 'comand' in a front end's definition (known: address,");
        assertThat(error("front-ends:\n  - name: a\n    command: sh -c true\n"))
                .isEqualTo("run.yaml:2: front end 'a': neither its command nor its config uses {{port}} (or"
                        + " {{listen}}), so it cannot be told where to listen");
        assertThat(error("front-ends:\n  - name: a\n    command: sh -c true {{prot}}\n"))
                .startsWith(
                        "run.yaml:2: unknown placeholder {{prot}} (known: address, connections, cores, dir, listen,");
        assertThat(error("front-ends:\n  - name: a\n    command: no-such-proxy-here --port {{port}}\n"))
                .isEqualTo("run.yaml:2: front end 'a': command 'no-such-proxy-here' is not found on PATH");
        assertThat(error("front-ends:\n  - {name: a, command: 'sh {{port}}'}\n  - {name: a, command: 'sh {{port}}'}\n"))
                .isEqualTo("run.yaml:3: front end 'a' is defined twice");
        assertThat(error("front-ends:\n  - {name: nginx, command: 'nginx {{port}}'}\n"))
                .contains("name 'nginx' is a built-in front end");
        assertThat(error("front-ends:\n  - {name: a, command: 'sh {{port}}', pid: many}\n"))
                .startsWith("run.yaml:2: front-ends.pid: wrong type");
        assertThat(error("front-ends:\n  - {name: a, address: '127.0.0.1:8080'}\n"))
                .isEqualTo("run.yaml:2: front end 'a': a proxy given by address needs pid or pidfile, so that its"
                        + " CPU, memory and threads can be read");
        assertThat(error("front-ends:\n  - {name: a, address: '127.0.0.1:8080', pid: 1, ready: started}\n"))
                .contains("has no output to read");
        assertThat(error("front-ends:\n  - {name: a, address: '127.0.0.1', pid: 1}\n"))
                .contains("address '127.0.0.1': expected HOST:PORT");
        assertThat(error("front-ends:\n  - {name: a, address: '127.0.0.1:80', command: 'x {{port}}'}\n"))
                .contains("give either command (the kit starts it) or address (it is already running)");
    }

    @Test
    void aTemplatesUnknownPlaceholderNamesTheTemplateAndItsLine() throws IOException {
        Path template =
                Files.writeString(dir.resolve("caddy.json"), "{\"listen\": \"{{port}}\",\n\"to\": \"{{upstream}}\"}");

        String run = "front-ends:\n  - {name: a, command: 'caddy run --config {{dir}}/caddy.json',"
                + " config: caddy.json}\n";

        assertThat(error(run)).startsWith(template + ":2: unknown placeholder {{upstream}}");
    }
}
