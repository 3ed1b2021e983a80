package io.proxybench.loadtest.machine;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.proc.OpenFileLimit;
import io.proxybench.loadtest.proc.Sysctls;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineFilesTest {

    @Test
    void openFileLimitFromARealLimitsFile() throws IOException {
        try (InputStream in = MachineFilesTest.class.getResourceAsStream("/proc/limits")) {
            OpenFileLimit limit = OpenFileLimit.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            assertThat(limit).isEqualTo(new OpenFileLimit(20000, 20000));
        }
        assertThat(OpenFileLimit.parse("Max open files            unlimited            unlimited            files"))
                .isEqualTo(new OpenFileLimit(-1, -1));
    }

    @Test
    void sysctlsAreReadWhole() {
        // a sysctl file answers a second read at an offset with EOF: reading it piecewise kept one digit
        Map<String, String> values = Sysctls.read(Path.of("/proc"), Sysctls.RECORDED);
        assertThat(values.get("net.core.somaxconn")).matches("\\d{2,}");
        assertThat(values.get("net.ipv4.ip_local_port_range")).matches("\\d+ \\d+");
    }

    @Test
    void hugePageModeIsTheOneTheKernelBrackets(@TempDir Path root) throws IOException {
        assertThat(MachineProbe.selectedMode("always [madvise] never\n")).isEqualTo("madvise");
        assertThat(MachineProbe.selectedMode("[always] madvise never")).isEqualTo("always");
        Path enabled = root.resolve("sys/kernel/mm/transparent_hugepage/enabled");
        Files.createDirectories(enabled.getParent());
        Files.writeString(enabled, "always madvise [never]\n");
        assertThat(MachineProbe.readTransparentHugePages(root.resolve("sys"))).isEqualTo("never");
        assertThat(MachineProbe.readTransparentHugePages(root.resolve("no-such-dir")))
                .isNull();
    }

    @Test
    void portRange() {
        assertThat(Sysctls.portRangeSize("32768 60999")).isEqualTo(28232);
        assertThat(Sysctls.portRangeSize("32768\t60999")).isEqualTo(28232);
        assertThat(Sysctls.portRangeSize(null)).isEqualTo(-1);
        assertThat(Sysctls.portRangeSize("x")).isEqualTo(-1);
    }

    @Test
    void jdkVersionFromJavaVersionOutput() {
        assertThat(JdkVersion.parse("""
                openjdk version "17.0.15" 2025-04-15
                OpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)
                OpenJDK 64-Bit Server VM (build 17.0.15+6-Debian-1deb12u1, mixed mode, sharing)
                """)).isEqualTo("17.0.15+6-Debian-1deb12u1");
        assertThat(JdkVersion.parse("java version \"21.0.2\"")).isEqualTo("21.0.2");
        assertThat(JdkVersion.of(Path.of(System.getProperty("java.home"), "bin", "java")))
                .startsWith(Runtime.version().feature() + ".");
    }
}
