package io.proxybench.tomcat;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.tomcat.connector.NativeLibraryDiagnosis;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Asking for APR where the native library cannot load ends the process with one line that names the
 * package and the flag for another connector, never a silent switch to NIO. Runs in a child JVM:
 * a failed native load is remembered by Tomcat for the rest of the JVM.
 */
class AprUnavailableTest {

    @Test
    void missingNativeLibraryIsOneClearLineAndExitOne() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(
                        java.toString(),
                        "-Djava.library.path=/nonexistent",
                        "-cp",
                        System.getProperty("java.class.path"),
                        TomcatProxyMain.class.getName(),
                        "--port",
                        "0",
                        "--admin-port",
                        "0",
                        "--route",
                        "/=127.0.0.1:9")
                .start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("child exited").isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        List<String> err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)
                .lines()
                .toList();

        assertThat(p.exitValue()).isEqualTo(1);
        assertThat(out).as("stdout (no listening line)").isEmpty();
        assertThat(err).as("stderr").hasSize(1);
        assertThat(err.get(0))
                .startsWith("proxy-tomcat: cannot start: ")
                .contains(NativeLibraryDiagnosis.PACKAGE)
                .contains(NativeLibraryDiagnosis.OTHER_CONNECTOR);
    }
}
