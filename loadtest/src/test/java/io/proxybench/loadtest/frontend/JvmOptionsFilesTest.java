package io.proxybench.loadtest.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.JvmProfile;
import io.proxybench.loadtest.plan.LauncherFlags;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.KitLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launchers' {@code jvm.options} grammar (bin/jvm-launch is its one reader) and the kit reading
 * the proxies' files through it for {@code --jvm-profile modern}.
 */
class JvmOptionsFilesTest {

    private static final KitLayout KIT = KitLayout.locate();
    private static final Path LAUNCHER = KIT.home().resolve("bin/jvm-launch");
    private static final int JAVA = Runtime.version().feature();

    @TempDir
    Path tmp;

    @Test
    void theModernProfileStartsEachProxyWithItsLauncherFlags() throws Exception {
        LauncherFlags flags = JvmOptionsFiles.of(KIT).read(null);

        assertThat(flags.netty()).startsWith("-Xms1g", "-Xmx1g", "-XX:+UseParallelGC", "-Xmn24m");
        assertThat(flags.tomcat()).startsWith("-Xms1g", "-Xmx1g", "-XX:+UseParallelGC");
        if (JAVA <= 24) {
            assertThat(flags.netty()).contains(JvmProfile.PERF_DATA_SAMPLING);
        } else {
            assertThat(flags.netty()).as("Java 25 removed the sampler").doesNotContain(JvmProfile.PERF_DATA_SAMPLING);
        }
        assertThat(JvmProfile.MODERN.jvmArgs(FrontEndKind.NETTY, flags))
                .startsWith(flags.netty().toArray(String[]::new))
                .endsWith("-XX:+PrintFlagsFinal");
    }

    @Test
    void theKitStartsTheOriginWithTheFlagsOfItsOwnFile() throws Exception {
        assertThat(launch(Map.of(), "--print-flags", "stub-origin").lines().toList())
                .isEqualTo(JAVA <= 24 ? OriginLauncher.JVM_ARGS : OriginLauncher.JVM_ARGS.subList(0, 2));
    }

    @Test
    void aLineAppliesOnlyToTheJavaVersionsItsRangeNames() throws Exception {
        Path options = Files.writeString(
                tmp.resolve("jvm.options"),
                String.join(
                        "\n",
                        "# a comment, then a blank line",
                        "",
                        "  -Xmx1g  ",
                        JAVA + ":-Dexact=yes",
                        (JAVA + 1) + ":-Dexact=no",
                        "-" + JAVA + ":-Dupto=yes",
                        "-" + (JAVA - 1) + ":-Dupto=no",
                        JAVA + "-:-Dfrom=yes",
                        (JAVA + 1) + "-:-Dfrom=no",
                        (JAVA - 1) + "-" + (JAVA + 1) + ":-Drange=yes",
                        "-XX:OnError=echo a:b"));

        String flags = launch(Map.of("PROXYBENCH_JVM_OPTIONS", options.toString()), "--print-flags", "proxy-netty");

        assertThat(flags.lines())
                .containsExactly(
                        "-Xmx1g", "-Dexact=yes", "-Dupto=yes", "-Dfrom=yes", "-Drange=yes", "-XX:OnError=echo a:b");
    }

    @Test
    void javaOptsComeAfterTheFilesFlagsSoTheyWin() throws Exception {
        String command = launch(
                Map.of("JAVA_OPTS", "-Xmx2g -Dextra=1", "PROXYBENCH_DRY_RUN", "1"), "proxy-netty", "--port", "0");

        assertThat(command.strip())
                .contains("-Xmx1g")
                .endsWith("-Xmx2g -Dextra=1 -jar " + KIT.proxyJar("netty") + " --port 0");
    }

    @Test
    void aLineThatIsNoFlagIsRefusedWithItsFileAndLine() throws Exception {
        Path options = Files.writeString(tmp.resolve("bad.options"), "-Xmx1g\nXmx2g\n");

        CommandRunner.Result result =
                run(Map.of("PROXYBENCH_JVM_OPTIONS", options.toString()), "--print-flags", "proxy-netty");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.output()).contains(options + ":2: 'Xmx2g' is not a JVM flag");
    }

    @Test
    void theKitSaysWhatTheLauncherRefused() {
        JvmOptionsFiles files = new JvmOptionsFiles(
                LAUNCHER, command -> new CommandRunner.Result(2, "jvm-launch: proxy-netty/jvm.options:3: 'x' is not"));

        assertThatThrownBy(() -> files.read(null))
                .isInstanceOf(PlanException.class)
                .hasMessage("jvm-launch: proxy-netty/jvm.options:3: 'x' is not");
    }

    private static String launch(Map<String, String> env, String... args) throws IOException {
        CommandRunner.Result result = run(env, args);
        assertThat(result.exitCode()).as(result.output()).isZero();
        return result.output();
    }

    /** The launcher as a user's shell runs it: this JDK, no JAVA_OPTS but those given. */
    private static CommandRunner.Result run(Map<String, String> env, String... args) throws IOException {
        List<String> command =
                new ArrayList<>(List.of("env", "-u", "JAVA_OPTS", "JAVA_HOME=" + System.getProperty("java.home")));
        env.forEach((name, value) -> command.add(name + "=" + value));
        command.add(LAUNCHER.toString());
        command.addAll(List.of(args));
        return CommandRunner.processes(Duration.ofSeconds(30)).run(command);
    }
}
