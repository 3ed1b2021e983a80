package io.proxybench.loadtest.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.proxybench.loadtest.proc.OpenFileLimit;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ProxybenchMainTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return cmd.execute(args);
    }

    @Test
    void badInputIsOneLineAndExitCode2() {
        assertThat(run("run", "--steps", "10,abc")).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("proxybench run: --steps: 'abc' is not a whole number of connections"
                        + " (see proxybench run --help)" + System.lineSeparator());
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aValueOutsideAFixedSetIsOneLineListingTheValuesAsTyped() {
        assertThat(run("run", "--mode", "fast")).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("proxybench run: --mode: unknown value 'fast' (expected one of keepalive, churn)"
                        + " (see proxybench run --help)" + System.lineSeparator());
        err.getBuffer().setLength(0);
        assertThat(run("run", "--gc", "CMS")).isEqualTo(2);
        assertThat(err.toString().lines())
                .singleElement()
                .asString()
                .startsWith("proxybench run: --gc: unknown value 'CMS'"
                        + " (expected one of G1, Parallel, Serial, ZGC, Shenandoah, Epsilon)");
        for (String[] bad : List.of(
                new String[] {"--generator", "ab", "auto, wrk, builtin, gatling"},
                new String[] {"--model", "poisson", "closed, open"},
                new String[] {"--jvm-profile", "fast", "reference, modern, jdk"},
                new String[] {"--topology", "cloud", "loopback, netns, hosts"})) {
            err.getBuffer().setLength(0);
            assertThat(run("run", bad[0], bad[1])).isEqualTo(2);
            assertThat(err.toString().lines())
                    .singleElement()
                    .asString()
                    .startsWith("proxybench run: " + bad[0] + ": unknown value '" + bad[1] + "' (expected one of "
                            + bad[2] + ")");
        }
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void everyCommandsHelpIsFormattedWithoutAWarning() {
        // picocli formats descriptions with String.format: a lone % makes it warn on stderr and print the raw text
        PrintStream stderr = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try {
            for (CommandLine command :
                    ProxybenchMain.commandLine().getSubcommands().values()) {
                assertThat(command.getUsageMessage())
                        .as(command.getCommandName())
                        .isNotBlank();
            }
        } finally {
            System.setErr(stderr);
        }
        assertThat(warnings.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void helpListsTheValuesOfEachFixedSetAsTheyAreTyped() {
        assertThat(run("run", "--help")).isZero();
        assertThat(out.toString().replaceAll("\\s+", " "))
                .contains("keepalive, churn (default: keepalive)")
                .contains("auto, wrk, builtin, gatling (default: auto)")
                .contains("closed, open (default: closed)")
                .contains("reference, modern, jdk (default: reference)")
                .contains("G1, Parallel, Serial, ZGC, Shenandoah, Epsilon")
                .contains("loopback, netns, hosts (default: loopback)");
    }

    @Test
    void theOpenModelWithWrkIsOneLineAndExitCode2() {
        assertThat(run("run", "--model", "open", "--generator", "wrk", "--out", "target/never"))
                .isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("proxybench run: --model open needs --generator gatling, builtin (wrk keeps"
                        + " a fixed number of connections) (see proxybench run --help)" + System.lineSeparator());
        assertThat(new java.io.File("target/never")).doesNotExist();
    }

    @Test
    void aBadHostsFileIsOneLineNamingItsLine(@TempDir Path dir) throws Exception {
        Path hosts = dir.resolve("bench.hosts");
        Files.writeString(hosts, "generator = local\nproxy = ftp://proxy-1\norigin = local\n");

        assertThat(run("run", "--topology", "hosts", "--hosts", hosts.toString(), "--out", "target/never"))
                .isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("proxybench run: " + hosts + ":2: bad target for proxy: 'ftp://proxy-1'"
                        + " (expected local or ssh:[user@]host[:port], e.g. ssh:bench@proxy-1) (see proxybench run"
                        + " --help)"
                        + System.lineSeparator());
        assertThat(new java.io.File("target/never")).doesNotExist();
    }

    @Test
    void theHostsTopologyNeedsAHostsFileAndOnlyItTakesOne() {
        assertThat(run("run", "--topology", "hosts", "--out", "target/never")).isEqualTo(2);
        assertThat(err.toString()).startsWith("proxybench run: --topology hosts needs --hosts FILE");
        err.getBuffer().setLength(0);
        assertThat(run("run", "--hosts", "bench.hosts", "--out", "target/never"))
                .isEqualTo(2);
        assertThat(err.toString()).startsWith("proxybench run: --hosts needs --topology hosts");
    }

    @Test
    void cleanupWithABadHostsFileIsOneLine(@TempDir Path dir) throws Exception {
        Path hosts = dir.resolve("bench.hosts");
        Files.writeString(hosts, "generator = local\nproxy = local\n");

        assertThat(run("cleanup", "--hosts", hosts.toString())).isEqualTo(2);
        assertThat(err.toString().lines())
                .singleElement()
                .asString()
                .startsWith("proxybench cleanup: " + hosts + ": no entry for role origin");
    }

    @Test
    void unknownOptionIsBadInput() {
        assertThat(run("run", "--duraton", "5s")).isEqualTo(2);
        assertThat(err.toString().lines()).singleElement().asString().contains("unknown option '--duraton'");
    }

    @Test
    void aDescriptorLimitTooLowRefusesTheRun() throws Exception {
        // a million connections need two million descriptors in the proxy: more than any usual hard limit
        OpenFileLimit limit = OpenFileLimit.read(Path.of("/proc/self/limits"));
        assumeTrue(limit.hard() >= 0 && limit.hard() < 2_000_256, "open-files hard limit too high to test refusal");
        assertThat(run("run", "--front-ends", "netty", "--steps", "1000000", "--out", "target/never"))
                .isEqualTo(2);
        assertThat(out.toString()).contains("limit: 1000000 connections need ~2000256 descriptors");
        // the generator line, then the one line of the refusal
        assertThat(err.toString().lines()).hasSize(2).first().asString().startsWith("generator: ");
        assertThat(err.toString().lines()).last().asString().startsWith("proxybench run: 1000000 connections need");
        assertThat(new java.io.File("target/never")).doesNotExist();
    }

    @Test
    void everySubcommandIsRegistered() {
        assertThat(ProxybenchMain.commandLine().getSubcommands()).containsKeys("run", "report", "compare", "help");
    }

    @Test
    void helpDescribesEveryRunOption() {
        assertThat(run("run", "--help")).isZero();
        assertThat(out.toString())
                .contains(
                        "--front-ends",
                        "--steps",
                        "--ramp",
                        "--duration",
                        "--warmup",
                        "--mode",
                        "--generator",
                        "--model",
                        "--threads",
                        "--jvm-profile",
                        "--gc",
                        "--java-home",
                        "--jvm-arg",
                        "--set",
                        "--sweep",
                        "--out",
                        "--profile",
                        "--origin-latency",
                        "--payload-size",
                        "--topology",
                        "--link",
                        "--link-delay",
                        "--apply-sysctl",
                        "--timeout",
                        "--origin-faults",
                        "--warmup-cap",
                        "--cpus",
                        "--hosts",
                        "--repeat",
                        "--lead-in",
                        "--lead-in-cap",
                        "Exit codes");
    }

    @Test
    void helpTextWithPercentSignsRendersWithoutFormatWarnings() {
        // picocli formats descriptions; a bare % there makes it warn on stderr and print the raw text
        java.io.ByteArrayOutputStream stderr = new java.io.ByteArrayOutputStream();
        java.io.PrintStream saved = System.err;
        System.setErr(new java.io.PrintStream(stderr, true));
        try {
            assertThat(run("run", "--help")).isZero();
        } finally {
            System.setErr(saved);
        }
        assertThat(stderr.toString()).doesNotContain("WARN");
        assertThat(out.toString()).contains("stall=0.5%").doesNotContain("%%");
    }

    @Test
    void noCommandIsBadInput() {
        assertThat(run()).isEqualTo(2);
        assertThat(err.toString()).contains("missing command");
    }
}
