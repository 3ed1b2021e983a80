package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.ab.AbAnalysis;
import io.proxybench.loadtest.ab.AbResult;
import io.proxybench.loadtest.ab.AbResultFile;
import io.proxybench.loadtest.ab.AbTable;
import io.proxybench.loadtest.ab.JitBusyPolicy;
import io.proxybench.loadtest.ab.JudgedFigures;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.RunResults;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Unmatched;

/**
 * {@code proxybench ab BASELINE CANDIDATE}: the two front ends in interleaved rounds, the order alternated
 * each round, then the verdict of {@link AbAnalysis} on the screen, in {@code ab.md} and {@code ab.json}.
 */
@Command(
        name = "ab",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Runs BASELINE and CANDIDATE (front-end specs as in --front-ends: netty netty[workers.inbound=2])"
                    + " in --rounds interleaved rounds, the order alternated each round (A B, B A, A B, ...), over"
                    + " the run's steps, then compares them per step on CPU per request, req/s, TP50 and TP99:"
                    + " medians, change, 95 %% interval of the ratio, Mann-Whitney U p (Holm-adjusted over every"
                    + " figure and step). Only rounds whose two turns raised no disturbing flag (cpu-stolen,"
                    + " not-steady, jit-busy, errors) count; a step with fewer than 4 such pairs gets no verdict.",
            "Takes run's options for the load (--steps, --duration, --warmup, ...). Writes the usual results"
                    + " directory plus ab.md and ab.json. --from DIR judges an earlier A/B run again.",
            ""
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:no significant regression (improvement or no change)",
            "1:internal error",
            "2:bad input, or the run cannot start here",
            "3:no verdict: fewer than 4 undisturbed pairs at some step",
            "4:significant regression of some figure at some step"
        })
public class AbCommand extends KitCommand {

    @Parameters(index = "0", arity = "0..1", paramLabel = "BASELINE", description = "front end A, e.g. netty")
    String baseline;

    @Parameters(
            index = "1",
            arity = "0..1",
            paramLabel = "CANDIDATE",
            description = "front end B, e.g. netty[workers.inbound=2]")
    String candidate;

    @Option(
            names = "--rounds",
            paramLabel = "N",
            defaultValue = "6",
            description = "rounds of A and B (default: ${DEFAULT-VALUE}; 4 undisturbed ones at least give a verdict)")
    int rounds;

    @Mixin
    VerdictOptions verdict = new VerdictOptions();

    @Option(
            names = "--from",
            paramLabel = "RUN_DIR",
            description = "judge this earlier A/B run instead of running one (BASELINE and CANDIDATE default to"
                    + " its first two front ends)")
    Path from;

    @Mixin
    RunOptions options = new RunOptions();

    /** Picocli reads unmatched arguments only on the command itself, not in a mixin. */
    @Unmatched
    List<String> unmatched = new ArrayList<>();

    @Override
    public Integer call() throws PlanException, IOException {
        AbAnalysis.Settings settings = verdict.settings(JitBusyPolicy.EXCLUDE, JudgedFigures.ALL);
        if (from != null) {
            RunResults results = ResultsReader.read(from);
            List<String> labels = results.frontEndLabels();
            String a = baseline != null ? baseline : labels.isEmpty() ? null : labels.get(0);
            String b = candidate != null ? candidate : labels.size() < 2 ? null : labels.get(1);
            return print(results.dir(), AbRunner.analyse(results, a, b, settings));
        }
        if (baseline == null || candidate == null) {
            throw fail(
                    ExitCodes.BAD_INPUT,
                    "ab needs BASELINE and CANDIDATE, e.g. proxybench ab netty"
                            + " 'netty[workers.inbound=2]' (or --from RUN_DIR)");
        }
        if (baseline.strip().equals(candidate.strip())) {
            throw fail(
                    ExitCodes.BAD_INPUT,
                    "BASELINE and CANDIDATE are both " + baseline + "; for an A/A run name them apart, e.g."
                            + " netty@HEAD netty@worktree");
        }
        AbRunner.checkOptions(options, rounds);
        AbRunner runner = new AbRunner(options, unmatched, rounds, settings, commandText(), out(), err());
        RunPlan plan;
        try {
            plan = runner.plan(baseline, candidate);
        } catch (PlanException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        AbRunner.Outcome outcome = runner.run(plan);
        return print(outcome.runDir(), outcome.result());
    }

    private int print(Path runDir, AbResult result) {
        out().print(AbTable.markdown(result));
        out().println();
        out().println("ab: " + runDir.resolve(AbResultFile.AB_MD));
        out().println("results: " + runDir);
        out().flush();
        return ExitCodes.of(result.verdict());
    }
}
