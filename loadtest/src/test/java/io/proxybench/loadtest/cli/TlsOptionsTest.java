package io.proxybench.loadtest.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.common.tls.KeyType;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.plan.TlsClientProvider;
import io.proxybench.loadtest.plan.TlsResumption;
import io.proxybench.loadtest.plan.TlsSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class TlsOptionsTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private static RunPlan plan(String... args) throws PlanException {
        RunCommand command = new RunCommand();
        new CommandLine(command).parseArgs(args);
        command.options.unmatched = command.unmatched;
        return RunPlanReader.read(command.options, "proxybench run", RunPlanReader.Installed.ALL)
                .plan();
    }

    private int run(String... args) {
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return cmd.execute(args);
    }

    @Test
    void withoutTlsTheRunIsPlain() throws PlanException {
        assertThat(plan().tls()).isEqualTo(TlsSettings.OFF);
        assertThat(plan().tls().enabled()).isFalse();
    }

    @Test
    void tlsDefaultsToAnEcdsaKeyWithResumption() throws PlanException {
        assertThat(plan("--tls").tls())
                .isEqualTo(new TlsSettings(true, KeyType.ECDSA_P256, TlsResumption.ON, TlsClientProvider.OPENSSL));
    }

    @Test
    void keyTypeAndResumptionAreRead() throws PlanException {
        assertThat(plan("--tls", "--tls-key", "rsa-2048", "--tls-resumption", "off", "--mode", "churn")
                        .tls())
                .isEqualTo(new TlsSettings(true, KeyType.RSA_2048, TlsResumption.OFF, TlsClientProvider.OPENSSL));
    }

    @Test
    void theJdksEngineIsForTheGeneratorsThatHaveIt() throws PlanException {
        assertThat(plan("--tls", "--tls-client", "jdk", "--generator", "builtin")
                        .tls()
                        .client())
                .isEqualTo(TlsClientProvider.JDK);
        assertThat(plan("--tls", "--tls-client", "jdk", "--generator", "gatling")
                        .tls()
                        .client())
                .isEqualTo(TlsClientProvider.JDK);
        assertThatThrownBy(() -> plan("--tls", "--tls-client", "jdk", "--generator", "wrk"))
                .isInstanceOf(PlanException.class)
                .hasMessage("--tls-client jdk: wrk speaks TLS through OpenSSL only; use --generator builtin or"
                        + " gatling for the JDK's engine");
        assertThatThrownBy(() -> plan("--tls-client", "jdk", "--generator", "builtin"))
                .isInstanceOf(PlanException.class)
                .hasMessageContaining("apply to a --tls run only");
    }

    @Test
    void anUnknownKeyTypeIsOneLineListingTheTypesAndExitCode2() {
        assertThat(run("run", "--tls", "--tls-key", "dsa-1024")).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("proxybench run: --tls-key: unknown value 'dsa-1024' (expected one of ecdsa-p256,"
                        + " rsa-2048) (see proxybench run --help)" + System.lineSeparator());
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aRunFileTakesTheSameOptions(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("run.yaml"), "tls: false\ntls-key: rsa-2048\n");
        assertThat(run("run", file.toString(), "--out", dir.resolve("never").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--tls-key, --tls-resumption and --tls-client apply to a --tls run only");
        err.getBuffer().setLength(0);
        Files.writeString(file, "tls: true\ntls-key: dsa\n");
        assertThat(run("run", file.toString(), "--out", dir.resolve("never").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("tls-key").contains("dsa");
    }

    @Test
    void aDefinedFrontEndThatReadsNoneOfTheRunsCertificateIsRefusedBeforeAnythingStarts(@TempDir Path dir)
            throws IOException {
        Path file = Files.writeString(
                dir.resolve("run.yaml"),
                "front-ends:\n  - name: plain\n    command: java -jar x.jar --port {{port}}\n");
        assertThat(run(
                        "run",
                        file.toString(),
                        "--tls",
                        "--out",
                        dir.resolve("never").toString()))
                .isEqualTo(2);
        assertThat(err.toString().lines())
                .singleElement()
                .asString()
                .contains("--tls: front end 'plain' reads none of the run's {{tls...}} placeholders");
        assertThat(dir.resolve("never")).doesNotExist();
    }

    @Test
    void tlsKeyOrResumptionWithoutTlsIsRefusedRatherThanIgnored() {
        assertThat(run("run", "--tls-resumption", "off", "--out", "target/never"))
                .isEqualTo(2);
        assertThat(err.toString().lines())
                .singleElement()
                .asString()
                .contains("--tls-key, --tls-resumption and --tls-client apply to a --tls run only");
    }

    @Test
    void aVariantMayStayOnPlainHttpInATlsRunAndOnlyThere() throws PlanException {
        RunPlan plan = plan("--tls", "--front-ends", "netty,netty[tls=off],nginx[tls=off]");
        assertThat(plan.frontEnds()).extracting(f -> f.servesRunTls()).containsExactly(true, false, false);
        assertThat(plan.frontEnds().get(1).proxySettings()).doesNotContainKey("tls");

        assertThat(run("run", "--front-ends", "netty[tls=off]", "--out", "target/never"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("this run has no --tls");
        err.getBuffer().setLength(0);
        assertThat(run("run", "--tls", "--front-ends", "netty[tls=maybe]", "--out", "target/never"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("tls=maybe must be on or off");
    }
}
