package io.proxybench.loadtest.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.JvmProfile;
import io.proxybench.loadtest.plan.JvmSettings;
import io.proxybench.loadtest.plan.LauncherFlags;
import io.proxybench.loadtest.plan.RunPlan;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JvmProxyLauncherTest {

    private static final Path RAW = Path.of("/tmp/raw");

    private static JvmProxyLauncher launcher(FrontEndSpec spec) {
        RunPlan plan = RunPlan.builder()
                .frontEnds(List.of(spec))
                .jvm(new JvmSettings(
                        JvmProfile.MODERN,
                        null,
                        null,
                        List.of("-XX:+UseNUMA"),
                        new LauncherFlags(List.of("-Xms1g", "-Xmx1g", "-XX:PerfDataSamplingInterval=1000"), List.of())))
                .build();
        return new JvmProxyLauncher(new LaunchContext(plan, null, null, null, Path.of("java"), 2));
    }

    @Test
    void aVariantsJvmFlagsGoToTheJvmAndItsOtherSettingsToTheProxy() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put(FrontEndSpec.JVM_FLAGS, "-Xmn24m -XX:+AlwaysPreTouch");
        settings.put("netty.workers.inbound", "1");
        FrontEndSpec spec = new FrontEndSpec(
                "netty[jvm=-Xmn24m -XX:+AlwaysPreTouch,workers.inbound=1]", FrontEndKind.NETTY, settings);
        RunningServer origin = new RunningServer(null, "127.0.0.1", 9000, null, null, List.of());

        List<String> command = launcher(spec).command(spec, Path.of("proxy-netty.jar"), "127.0.0.1", origin, RAW);

        int jar = command.indexOf("-jar");
        assertThat(command.subList(0, jar))
                .containsExactly(
                        "java",
                        "-Xms1g",
                        "-Xmx1g",
                        "-XX:PerfDataSamplingInterval=1000",
                        "-XX:+PrintFlagsFinal",
                        "-XX:+UseNUMA",
                        "-Xmn24m",
                        "-XX:+AlwaysPreTouch");
        assertThat(command.subList(jar, command.size()))
                .containsSubsequence("--set", "netty.workers.inbound=1")
                .noneMatch(arg -> arg.contains("jvm=") || arg.equals("-Xmn24m"));
        assertThat(launcher(spec).jvmArgs(spec, RAW)).endsWith("-Xmn24m", "-XX:+AlwaysPreTouch");
    }
}
