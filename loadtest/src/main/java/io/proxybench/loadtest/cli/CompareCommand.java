package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.compare.ComparisonReport;
import io.proxybench.loadtest.compare.RunComparison;
import io.proxybench.loadtest.compare.SignificanceRule;
import io.proxybench.loadtest.results.ResultsFormatException;
import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.RunResults;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code compare <baseline> <candidate> [--threshold 5] [--alpha 0.05]}: % change of every step
 * figure, and a non-zero exit when throughput drops or TP90 rises beyond the threshold, so CI can gate
 * on it. Runs made with {@code --repeat} are tested repeat against repeat, and only a change that
 * stands out of their noise counts ({@link SignificanceRule}).
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description = {
            "Compare two results directories step by step (matched by front-end label and connections;"
                    + " a front end only one run has is paired with the other run's only unmatched one of its kind).",
            "Runs made with --repeat N: each figure's repeats are compared with a two-sided Mann-Whitney U test, and a"
                    + " change counts only when p <= alpha and the medians differ beyond the threshold. Without repeats"
                    + " the noise is unknown and the threshold alone judges."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:no (significant) regression beyond the threshold",
            "1:req/s dropped or TP90 rose beyond the threshold (and significantly, for repeated runs), or a step"
                    + " newly failed",
            "2:bad input (missing directory, unreadable files, no common steps)"
        })
public class CompareCommand extends KitCommand {

    @Parameters(index = "0", paramLabel = "<baseline-run-dir>", description = "results directory to compare against")
    Path baselineDir;

    @Parameters(index = "1", paramLabel = "<candidate-run-dir>", description = "results directory under test")
    Path candidateDir;

    @Option(
            names = "--threshold",
            paramLabel = "PCT",
            defaultValue = "5",
            description = "allowed change in %% before a req/s drop or TP90 rise fails (default: ${DEFAULT-VALUE})")
    double thresholdPct;

    @Option(
            names = "--alpha",
            paramLabel = "P",
            description = "significance level for runs with repeats (default: 0.05, or 0.10 where the repeats cannot"
                    + " reach 0.05: 3 vs 3 repeats' smallest possible p is 0.100)")
    Double alpha;

    @Override
    public Integer call() throws ResultsFormatException {
        if (!(thresholdPct >= 0) || Double.isInfinite(thresholdPct)) {
            throw fail(ExitCodes.BAD_INPUT, "--threshold must be a non-negative percentage, got " + thresholdPct);
        }
        if (alpha != null && !(alpha > 0 && alpha < 1)) {
            throw fail(ExitCodes.BAD_INPUT, "--alpha must be between 0 and 1, got " + alpha);
        }
        RunResults baseline = ResultsReader.read(baselineDir);
        RunResults candidate = ResultsReader.read(candidateDir);
        if (baseline.run().unit() != candidate.run().unit()) {
            // 1000 connections and 1000 req/s offered are different loads: matching them would mislead
            throw fail(
                    ExitCodes.BAD_INPUT,
                    "the baseline's steps count " + baseline.run().unit().axisTitle()
                            + ", the candidate's " + candidate.run().unit().axisTitle()
                            + ": closed- and open-model runs do not compare");
        }
        RunComparison cmp = RunComparison.of(
                baseline,
                candidate,
                thresholdPct,
                alpha == null ? SignificanceRule.DEFAULT : SignificanceRule.given(alpha));
        out().print(ComparisonReport.render(cmp));
        out().flush();
        if (cmp.steps().isEmpty()) {
            throw fail(ExitCodes.BAD_INPUT, "no step (front end, connections) is in both runs");
        }
        return cmp.regressed() ? ExitCodes.REGRESSION : ExitCodes.OK;
    }
}
