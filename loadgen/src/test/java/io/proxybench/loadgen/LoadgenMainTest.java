package io.proxybench.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Bad command lines get one line and exit code 2, before any load starts. */
class LoadgenMainTest {

    @Test
    void aTargetOffLoopbackIsRefusedWithOneLine() {
        assertUsageError(new String[] {"-d", "1s", "http://192.0.2.1/"}, "not a loopback address");
    }

    @Test
    void badValuesAreNamed() {
        assertUsageError(new String[] {"-d", "forever", "http://127.0.0.1:1/"}, "'forever' is not a duration");
        assertUsageError(new String[] {"-c", "0", "http://127.0.0.1:1/"}, "connections must be within");
        assertUsageError(new String[] {"-H", "Connection: close", "http://127.0.0.1:1/"}, "set by the generator");
        assertUsageError(new String[] {"--transport", "dpdk", "http://127.0.0.1:1/"}, "unknown transport 'dpdk'");
    }

    private static void assertUsageError(String[] args, String message) {
        StringWriter err = new StringWriter();
        CommandLine cmd = LoadgenMain.commandLine(new LoadgenMain());
        cmd.setErr(new PrintWriter(err));
        assertThat(cmd.execute(args)).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).startsWith("proxybench-loadgen: ").contains(message);
        assertThat(err.toString().lines()).hasSize(1);
    }
}
