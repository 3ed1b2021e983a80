package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.changepoint.ChangePointDetector;
import io.proxybench.loadtest.history.GroupHistory;
import io.proxybench.loadtest.history.HistoryPage;
import io.proxybench.loadtest.history.HistoryText;
import io.proxybench.loadtest.history.RunScan;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code history [DIR...]}: the key figures of many runs over time, grouped into runs of the same plan on
 * the same machine, with the change points of each figure and the revision where it moved
 * (docs/ab-testing.md, "History").
 */
@Command(
        name = "history",
        mixinStandardHelpOptions = true,
        description = {
            "Key figures (CPU us/req, req/s, TP50, TP99) of many runs over time, per group of comparable runs (same"
                    + " plan and machine, revisions apart), front end and step; marks where a figure moved"
                    + " (E-divisive means with a permutation test) and names the revision.",
            "Each DIR is a run directory or a directory of run directories; what is not a readable run is skipped"
                    + " with one line."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:history printed and written",
            "1:history files could not be written",
            "2:bad input (no run found, options)"
        })
public class HistoryCommand extends KitCommand {

    private static final DateTimeFormatter OUT_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    @Parameters(
            paramLabel = "DIR",
            arity = "0..*",
            description = "run directories, or directories of them (default: results)")
    List<Path> dirs;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "where history.md and history.html go (default: results/history-<time>)")
    Path out;

    @Option(
            names = "--min-change",
            paramLabel = "PCT",
            defaultValue = "3",
            description =
                    "smallest change of a median, in %%, that counts as a change point (default: ${DEFAULT-VALUE})")
    double minChangePct;

    @Option(
            names = "--alpha",
            paramLabel = "P",
            defaultValue = "0.05",
            description = "significance level of the permutation test (default: ${DEFAULT-VALUE})")
    double alpha;

    @Override
    public Integer call() {
        if (!(minChangePct >= 0) || Double.isInfinite(minChangePct)) {
            throw fail(ExitCodes.BAD_INPUT, "--min-change must be a non-negative percentage, got " + minChangePct);
        }
        if (!(alpha > 0 && alpha < 1)) {
            throw fail(ExitCodes.BAD_INPUT, "--alpha must be between 0 and 1, got " + alpha);
        }
        List<Path> where = dirs == null || dirs.isEmpty() ? List.of(Path.of("results")) : dirs;
        RunScan scan = RunScan.of(where);
        scan.skipped().forEach(line -> err().println(spec.qualifiedName() + ": skipped " + line));
        err().flush();
        if (scan.runs().isEmpty()) {
            throw fail(
                    ExitCodes.BAD_INPUT,
                    "no run found in "
                            + String.join(
                                    ", ", where.stream().map(Path::toString).toList()));
        }
        ChangePointDetector detector =
                new ChangePointDetector(alpha, minChangePct, ChangePointDetector.DEFAULT_PERMUTATIONS);
        List<GroupHistory> groups = GroupHistory.of(scan.runs(), detector);
        String method = HistoryText.method(alpha, minChangePct);
        String text = HistoryText.render(groups);
        out().println(count(scan.runs().size(), "run") + " in " + count(groups.size(), "group") + "; " + method);
        out().println();
        out().print(text);
        out().flush();
        Path target =
                out != null ? out : Path.of("results", "history-" + OUT_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)));
        List<Path> written;
        try {
            written = HistoryPage.write(target, groups, method, text);
        } catch (IOException e) {
            throw fail(ExitCodes.FAILURE, "cannot write the history into " + target + ": " + e.getMessage());
        }
        err().println(spec.qualifiedName() + ": wrote " + written.get(0) + " and " + written.get(1));
        err().flush();
        return ExitCodes.OK;
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
