package io.proxybench.loadtest.compare;

import io.proxybench.loadtest.results.ResultsFormatException;
import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.RunResults;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code compare <baseline> <candidate> [--threshold 5]}: % change of every step figure, and a
 * non-zero exit when throughput drops or TP90 rises beyond the threshold, so CI can gate on it.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare two results directories step by step (matched by front-end label and connections).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:no regression beyond the threshold",
            "1:req/s dropped or TP90 rose beyond the threshold, or a step newly failed",
            "2:bad input (missing directory, unreadable files, no common steps)"})
public class CompareCommand implements Callable<Integer> {

    public static final int OK = 0;
    public static final int REGRESSION = 1;
    public static final int BAD_INPUT = 2;

    @Parameters(index = "0", paramLabel = "<baseline-run-dir>", description = "results directory to compare against")
    Path baselineDir;

    @Parameters(index = "1", paramLabel = "<candidate-run-dir>", description = "results directory under test")
    Path candidateDir;

    @Option(names = "--threshold", paramLabel = "PCT", defaultValue = "5",
            description = "allowed change in %% before a req/s drop or TP90 rise fails (default: ${DEFAULT-VALUE})")
    double thresholdPct;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!(thresholdPct >= 0) || Double.isInfinite(thresholdPct)) {
            return fail(err, "--threshold must be a non-negative percentage, got " + thresholdPct);
        }
        RunResults baseline;
        RunResults candidate;
        try {
            baseline = ResultsReader.read(baselineDir);
            candidate = ResultsReader.read(candidateDir);
        } catch (ResultsFormatException e) {
            return fail(err, e.getMessage());
        }
        if (baseline.run().unit() != candidate.run().unit()) {
            // 1000 connections and 1000 req/s offered are different loads: matching them would mislead
            return fail(err, "the baseline's steps count " + baseline.run().unit().axisTitle() + ", the candidate's "
                    + candidate.run().unit().axisTitle() + ": closed- and open-model runs do not compare");
        }
        RunComparison cmp = RunComparison.of(baseline, candidate, thresholdPct);
        out.print(ComparisonReport.render(cmp));
        out.flush();
        if (cmp.steps().isEmpty()) {
            return fail(err, "no step (front end, connections) is in both runs");
        }
        return cmp.regressed() ? REGRESSION : OK;
    }

    private static int fail(PrintWriter err, String message) {
        err.println("compare: " + message);
        err.flush();
        return BAD_INPUT;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new CompareCommand()).execute(args));
    }
}
