package io.proxybench.loadtest.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.cli.ProxybenchMain;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code history} end to end over run directories written by the kit's own writers. */
class HistoryCommandTest {

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int history(String... args) {
        CommandLine cmd = ProxybenchMain.commandLine();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        String[] all = new String[args.length + 1];
        all[0] = "history";
        System.arraycopy(args, 0, all, 1, args.length);
        return cmd.execute(all);
    }

    @Test
    void aSlowerRevisionIsNamedWhereCpuPerRequestMoved() throws Exception {
        Path results = Files.createDirectories(tmp.resolve("results"));
        double[] levels = {60.0, 60.3, 59.8, 60.1, 59.9, 66.2, 65.8, 66.0, 66.3, 65.9};
        for (int i = 0; i < levels.length; i++) {
            boolean slow = i >= 5;
            HistoryRuns.under(results)
                    .revision(slow ? "slow" : "v" + i, slow ? "badc0ffee" + i : "a" + i + "00000000")
                    .usPerReq(levels[i])
                    .write(String.format("20261205-%02d0000-000%d", i + 10, i), 60 * (i + 10));
        }
        Path target = tmp.resolve("history");

        int code = history(results.toString(), "--out", target.toString());

        assertThat(code).as(err.toString()).isZero();
        String text = out.toString();
        assertThat(text)
                .contains("10 runs in 1 group;")
                .contains("group 1: 10 runs, 2026-12-05 10:00 .. 2026-12-05 19:00");
        assertThat(text)
                .contains("\u00b5s/req netty @ 400: +10.0% at badc0ff (netty@slow, run 20261205-150000-0005):"
                        + " 60.0 \u2192 66.0");
        assertThat(text.lines()
                        .filter(l -> l.contains("20261205-150000-0005"))
                        .findFirst()
                        .orElseThrow())
                .contains("slow badc0ff")
                .contains("\u00b5s/req +10.0%");
        // req/s and latency did not move
        assertThat(text).doesNotContain("req/s netty @ 400:").doesNotContain("TP99/ms netty @ 400:");
        assertThat(target.resolve("history.md")).content().contains("+10.0% at badc0ff");
        assertThat(target.resolve("history.html"))
                .content()
                .contains("<img alt=\"netty @ 400: \u00b5s/req\" src=\"data:image/png;base64,")
                .contains("+10.0% at badc0ff");
    }

    @Test
    void aDirectoryWithoutRunsIsBadInput() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty/notes"));

        assertThat(history(
                        empty.getParent().toString(), "--out", tmp.resolve("h").toString()))
                .isEqualTo(2);

        assertThat(err.toString())
                .contains("history: skipped " + empty + ": no run.json, not a run directory")
                .contains("history: no run found in " + empty.getParent());
        assertThat(tmp.resolve("h")).doesNotExist();
    }

    @Test
    void aSingleRunSaysThereIsNothingToCompareWith() {
        HistoryRuns.under(tmp).write("20261205-100000-0001", 600);

        assertThat(history(
                        tmp.resolve("20261205-100000-0001").toString(),
                        "--out",
                        tmp.resolve("h").toString()))
                .isZero();

        assertThat(out.toString())
                .contains("group 1: 1 run (20261205-100000-0001, 2026-12-05 10:00), nothing to" + " compare it with");
    }
}
