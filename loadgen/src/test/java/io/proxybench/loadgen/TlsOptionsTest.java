package io.proxybench.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** An https target's options are checked before any load starts: one line and exit code 2. */
class TlsOptionsTest {

    @Test
    void anHttpsTargetNeedsTheCaToTrust() {
        assertUsageError(new String[] {"-d", "1s", "https://127.0.0.1:1/"}, "needs --ca PEM");
    }

    @Test
    void aCaIsForHttpsOnly() {
        assertUsageError(new String[] {"--ca", "/nowhere/ca.pem", "http://127.0.0.1:1/"}, "--ca is for an https://");
    }

    @Test
    void anUnreadableCaIsNamed() {
        assertUsageError(new String[] {"--ca", "/nowhere/ca.pem", "https://127.0.0.1:1/"}, "/nowhere/ca.pem");
    }

    @Test
    void resumptionAndProviderTakeTheirValuesOnly() {
        assertUsageError(
                new String[] {"--ca", "/nowhere/ca.pem", "--tls-resumption", "maybe", "https://127.0.0.1:1/"},
                "--tls-resumption must be on or off");
        assertUsageError(
                new String[] {"--ca", "/nowhere/ca.pem", "--tls-provider", "gnutls", "https://127.0.0.1:1/"},
                "auto, openssl or jdk");
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
