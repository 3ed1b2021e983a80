package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.ab.AbAnalysis;
import io.proxybench.loadtest.ab.AbResult;
import io.proxybench.loadtest.ab.AbResultFile;
import io.proxybench.loadtest.ab.AbTable;
import io.proxybench.loadtest.frontend.HaproxyLauncher;
import io.proxybench.loadtest.frontend.NginxLauncher;
import io.proxybench.loadtest.frontend.TomcatNativeLibrary;
import io.proxybench.loadtest.orchestrate.RunSession;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RepeatPolicy;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.report.ReportWriter;
import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.revision.RevisionJars;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
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
                    + " medians, change, 95 % interval of the ratio, Mann-Whitney U p (Holm-adjusted over every"
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

    /** The most rounds: a bound on the run's length like {@code --repeat}'s. */
    static final int MAX_ROUNDS = RunPlanReader.MAX_REPEAT;

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

    @Option(
            names = "--alpha",
            paramLabel = "P",
            defaultValue = "0.05",
            description = "family-wise significance level, never relaxed (default: ${DEFAULT-VALUE})")
    double alpha;

    @Option(
            names = "--min-effect",
            paramLabel = "PCT",
            defaultValue = "3",
            description = "smallest change in %% reported as one (default: ${DEFAULT-VALUE})")
    double minEffectPct;

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
        if (!(alpha > 0 && alpha < 1)) {
            throw fail(ExitCodes.BAD_INPUT, "--alpha must be between 0 and 1, got " + alpha);
        }
        if (!(minEffectPct >= 0) || Double.isInfinite(minEffectPct)) {
            throw fail(ExitCodes.BAD_INPUT, "--min-effect must be a non-negative percentage, got " + minEffectPct);
        }
        AbAnalysis.Settings settings = new AbAnalysis.Settings(alpha, minEffectPct);
        if (from != null) {
            return judge(ResultsReader.read(from), settings);
        }
        RevisionJars.Resolved built =
                RevisionJars.standard(KitLayout.locate(), err()).resolve(plan(), KitLayout.locate());
        RunPlan plan = built.plan();
        RunSession.RunOutcome outcome = new RunSession(plan, built.layout(), out(), List.of()).execute();
        try {
            out().println();
            out().print(ReportWriter.write(outcome.runDir()));
            out().println();
        } catch (IOException e) {
            err().println("ab: the report could not be written (" + e.getMessage() + "); retry with: proxybench report "
                    + outcome.runDir());
        }
        baseline = plan.frontEnds().get(0).label();
        candidate = plan.frontEnds().get(1).label();
        return judge(ResultsReader.read(outcome.runDir()), settings);
    }

    private RunPlan plan() throws PlanException {
        if (baseline == null || candidate == null) {
            throw fail(
                    ExitCodes.BAD_INPUT,
                    "ab needs BASELINE and CANDIDATE, e.g. proxybench ab netty"
                            + " 'netty[workers.inbound=2]' (or --from RUN_DIR)");
        }
        if (options.frontEnds != null) {
            throw fail(ExitCodes.BAD_INPUT, "ab runs BASELINE and CANDIDATE: drop --front-ends");
        }
        if (options.repeat != 1 || options.untilUndisturbed != 0) {
            throw fail(
                    ExitCodes.BAD_INPUT, "ab repeats in rounds: use --rounds instead of --repeat/--until-undisturbed");
        }
        if (rounds < 2 || rounds > MAX_ROUNDS) {
            throw fail(ExitCodes.BAD_INPUT, "--rounds: " + rounds + " is out of range 2.." + MAX_ROUNDS);
        }
        options.frontEnds = baseline + "," + candidate;
        options.repeat = rounds;
        options.unmatched = unmatched;
        RunPlanReader.Result read;
        try {
            read = RunPlanReader.read(
                    options,
                    commandText(),
                    new RunPlanReader.Installed(
                            Executables.find("wrk").isPresent(),
                            NginxLauncher.binary().isPresent(),
                            HaproxyLauncher.binary().isPresent(),
                            TomcatNativeLibrary.installed()));
        } catch (PlanException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        RunPlan p = read.plan();
        if (p.frontEnds().size() != 2) {
            throw fail(
                    ExitCodes.BAD_INPUT,
                    "ab compares two front ends; " + baseline + " and " + candidate + " resolved to "
                            + p.frontEnds().size());
        }
        err().println(read.generatorLine());
        read.notes().forEach(n -> err().println("note: " + n));
        if (rounds < AbAnalysis.MIN_PAIRS) {
            err().println("note: " + rounds + " rounds cannot give a verdict (" + AbAnalysis.MIN_PAIRS
                    + " undisturbed pairs needed): a wiring check");
        }
        err().flush();
        return new RunPlan(
                p.frontEnds(),
                p.load(),
                p.warmup(),
                p.leadIn(),
                p.jvm(),
                p.origin(),
                p.placement(),
                new RepeatPolicy(rounds, 0, true),
                p.profiler(),
                p.outDir(),
                p.command());
    }

    private int judge(RunResults results, AbAnalysis.Settings settings) throws IOException {
        List<String> labels = results.frontEndLabels();
        String a = baseline != null ? baseline : labels.size() > 0 ? labels.get(0) : null;
        String b = candidate != null ? candidate : labels.size() > 1 ? labels.get(1) : null;
        if (a == null || b == null || !labels.contains(a) || !labels.contains(b)) {
            throw fail(ExitCodes.BAD_INPUT, results.dir() + " has front ends " + labels + "; ab needs two of them");
        }
        AbResult result = AbAnalysis.analyse(results.steps(), a, b, settings);
        AbResultFile.write(results.dir(), result);
        out().print(AbTable.markdown(result));
        out().println();
        out().println("ab: " + results.dir().resolve(AbResultFile.AB_MD));
        out().println("results: " + results.dir());
        out().flush();
        return ExitCodes.of(result.verdict());
    }

    /** The command as typed, for run.json. */
    private String commandText() {
        List<String> all = spec.commandLine().getParseResult().originalArgs();
        int ab = all.indexOf(spec.name());
        List<String> args = all.subList(ab + 1, all.size());
        String launcher = System.getProperty("proxybench.launcher", "proxybench");
        return launcher + " ab " + args.stream().map(RunCommand::quoted).collect(Collectors.joining(" "));
    }
}
