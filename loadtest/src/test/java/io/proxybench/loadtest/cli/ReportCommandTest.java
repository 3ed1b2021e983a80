package io.proxybench.loadtest.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.report.SampleRun;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ReportCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 1];
        all[0] = "report";
        System.arraycopy(args, 0, all, 1, args.length);
        return cmd.execute(all);
    }

    @Test
    void regeneratesTheReportsAndPrintsTheTable(@TempDir Path tmp) {
        Path dir = SampleRun.copyTo(tmp).dir();

        assertThat(run(dir.toString())).isZero();

        assertThat(out.toString()).startsWith("| Run ").contains("| netty  | 2000 | 28196 |");
        assertThat(dir.resolve("report.md")).exists();
        assertThat(dir.resolve("report.html")).exists();
        assertThat(dir.resolve("charts/rps.png")).exists();
    }

    @Test
    void missingDirectoryIsExitCodeTwoWithOneLine(@TempDir Path tmp) {
        assertThat(run(tmp.resolve("no-such-run").toString())).isEqualTo(2);

        assertThat(err.toString().strip())
                .startsWith("proxybench report: ")
                .contains("no-such-run")
                .doesNotContain("\n");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void missingArgumentIsAUsageError() {
        assertThat(run()).isEqualTo(2);
        assertThat(err.toString()).contains("<run-dir>");
    }
}
