package io.proxybench.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Durations, sizes, collectors and profiles as typed on the command line. */
class ValueParsersTest {

    @Test
    void durations() throws PlanException {
        assertThat(DurationParser.parse("10s", "x")).isEqualTo(Duration.ofSeconds(10));
        assertThat(DurationParser.parse("500ms", "x")).isEqualTo(Duration.ofMillis(500));
        assertThat(DurationParser.parse("0.1ms", "x")).isEqualTo(Duration.ofNanos(100_000));
        assertThat(DurationParser.parse("2m", "x")).isEqualTo(Duration.ofMinutes(2));
        assertThat(DurationParser.parse("0", "x")).isEqualTo(Duration.ZERO);
        assertThatThrownBy(() -> DurationParser.parse("10", "--duration"))
                .hasMessage("--duration: '10' is not a duration: write a number and a unit (ns, us, µs, ms, s, m, h), "
                        + "e.g. 250us, 50ms, 1.5s, 2m; 0 needs no unit");
        assertThatThrownBy(() -> DurationParser.wholeSeconds("1500ms", "--duration", 1))
                .hasMessage("--duration: '1500ms' must be whole seconds");
        assertThatThrownBy(() -> DurationParser.wholeSeconds("0", "--duration", 1))
                .hasMessageContaining("out of range");
        assertThat(DurationParser.format(Duration.ofMillis(50))).isEqualTo("50ms");
        assertThat(DurationParser.format(Duration.ofSeconds(10))).isEqualTo("10s");
        assertThat(DurationParser.format(Duration.ofNanos(100_000))).isEqualTo("100us");
    }

    @Test
    void sizes() throws PlanException {
        assertThat(ByteSizeParser.parse("1024", "x")).isEqualTo(1024);
        assertThat(ByteSizeParser.parse("1KiB", "x")).isEqualTo(1024);
        assertThat(ByteSizeParser.parse("16KiB", "x")).isEqualTo(16384);
        assertThat(ByteSizeParser.parse("2MiB", "x")).isEqualTo(2 * 1024 * 1024);
        assertThatThrownBy(() -> ByteSizeParser.parse("16k", "--payload-size"))
                .hasMessageStartingWith("--payload-size: '16k' is not a size");
        assertThatThrownBy(() -> ByteSizeParser.parse("1GiB", "--payload-size")).hasMessageContaining("larger than");
        assertThatThrownBy(() -> ByteSizeParser.parse("100MiB", "--payload-size"))
                .hasMessageContaining("larger than");
    }

    @Test
    void collectorsAsPeopleTypeThem() {
        assertThat(GcChoice.find("G1")).contains(GcChoice.G1);
        assertThat(GcChoice.find("Parallel")).contains(GcChoice.PARALLEL);
        assertThat(GcChoice.find("ParallelGC")).contains(GcChoice.PARALLEL);
        assertThat(GcChoice.find("z")).contains(GcChoice.ZGC);
        assertThat(GcChoice.find("CMS")).isEmpty();
    }

    @Test
    void referenceProfileIsTheWriteUpsFlags() {
        assertThat(JvmProfile.REFERENCE.jvmArgs(FrontEndKind.NETTY, LauncherFlags.NONE))
                .containsSubsequence(
                        "-Xms1500m", "-Xmx1500m", "-Xmn500m", "-XX:+UseParallelGC", "-XX:+UseCompressedOops");
        assertThat(JvmProfile.REFERENCE.jvmArgs(FrontEndKind.TOMCAT, LauncherFlags.NONE))
                .containsSubsequence(
                        "-Xms3500m", "-Xmx3500m", "-Xmn1024m", "-XX:+UseParallelGC", "-XX:+UseCompressedOops");
        assertThat(JvmProfile.REFERENCE.proxyArgs(FrontEndKind.NETTY)).containsExactly("--profile", "reference");
        assertThat(JvmProfile.MODERN.proxyArgs(FrontEndKind.NETTY)).isEmpty();
        assertThat(JvmProfile.REFERENCE.jvmArgs(FrontEndKind.NGINX, LauncherFlags.NONE))
                .isEmpty();
    }

    @Test
    void gcChoiceReplacesTheProfilesCollectorAndUserFlagsComeLast() {
        JvmSettings jvm = new JvmSettings(JvmProfile.REFERENCE, GcChoice.G1, null, List.of("-XX:+UseNUMA"));
        List<String> args = jvm.argsFor(FrontEndKind.NETTY);
        assertThat(args).doesNotContain("-XX:+UseParallelGC").contains("-XX:+UseG1GC", "-Xms1500m");
        assertThat(args.get(args.size() - 1)).isEqualTo("-XX:+UseNUMA");
    }
}
