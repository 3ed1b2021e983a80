package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.ab.AbAnalysis;
import io.proxybench.loadtest.ab.AbResult;
import io.proxybench.loadtest.ab.AbResultFile;
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
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * One A/B run as {@code ab} and {@code gate} make it: the plan from run's options with the two front ends
 * and the rounds in alternating order, revisions built, the run, the verdict in ab.json and ab.md, then
 * the report (after ab.md, so that report.html carries the verdict).
 */
final class AbRunner {

    /** Where the run went and what it concluded. */
    record Outcome(Path runDir, AbResult result) {}

    private final RunOptions options;
    private final List<String> unmatched;
    private final int rounds;
    private final AbAnalysis.Settings settings;
    private final String command;
    private final PrintWriter out;
    private final PrintWriter err;

    AbRunner(
            RunOptions options,
            List<String> unmatched,
            int rounds,
            AbAnalysis.Settings settings,
            String command,
            PrintWriter out,
            PrintWriter err) {
        this.options = options;
        this.unmatched = unmatched;
        this.rounds = rounds;
        this.settings = settings;
        this.command = command;
        this.out = out;
        this.err = err;
    }

    /** Checks what {@code ab} and {@code gate} do not take from run's options; before anything runs. */
    static void checkOptions(RunOptions options, int rounds) {
        if (options.frontEnds != null) {
            throw KitCommand.fail(ExitCodes.BAD_INPUT, "the two front ends are the command's: drop --front-ends");
        }
        if (options.repeat != 1 || options.untilUndisturbed != 0) {
            throw KitCommand.fail(
                    ExitCodes.BAD_INPUT,
                    "A/B runs repeat in rounds: use --rounds instead of --repeat/--until-undisturbed");
        }
        if (rounds < 2 || rounds > RunPlanReader.MAX_REPEAT) {
            throw KitCommand.fail(
                    ExitCodes.BAD_INPUT, "--rounds: " + rounds + " is out of range 2.." + RunPlanReader.MAX_REPEAT);
        }
    }

    /** The plan: run's options with {@code baseline,candidate} as the front ends, in alternating rounds. */
    RunPlan plan(String baseline, String candidate) throws PlanException {
        options.frontEnds = baseline + "," + candidate;
        options.repeat = rounds;
        options.unmatched = unmatched;
        RunPlanReader.Result read = RunPlanReader.read(
                options,
                command,
                new RunPlanReader.Installed(
                        Executables.find("wrk").isPresent(),
                        Executables.find("nginx").isPresent(),
                        Executables.find("haproxy").isPresent(),
                        TomcatNativeLibrary.installed()));
        RunPlan p = read.plan();
        if (p.frontEnds().size() != 2) {
            throw new PlanException("an A/B run compares two front ends; " + baseline + " and " + candidate
                    + " resolved to " + p.frontEnds().size());
        }
        err.println(read.generatorLine());
        read.notes().forEach(n -> err.println("note: " + n));
        if (rounds < AbAnalysis.MIN_PAIRS) {
            err.println("note: " + rounds + " rounds cannot give a verdict (" + AbAnalysis.MIN_PAIRS
                    + " undisturbed pairs needed): a wiring check");
        }
        err.flush();
        return p.withRepeats(new RepeatPolicy(rounds, 0, true));
    }

    /** Runs a plan made by {@link #plan}, judges it and writes the report. */
    Outcome run(RunPlan unbuilt) throws PlanException, IOException {
        KitLayout layout = KitLayout.locate();
        RevisionJars.Resolved built = RevisionJars.standard(layout, err).resolve(unbuilt, layout);
        RunPlan plan = built.plan();
        RunSession.RunOutcome outcome = new RunSession(plan, built.layout(), out, List.of()).execute();
        if (!outcome.startFailures().isEmpty()) {
            // a revision whose proxy does not take the kit's flags ends here, not in a verdict without pairs
            throw KitCommand.fail(
                    ExitCodes.BAD_INPUT,
                    "did not start: " + String.join("; ", outcome.startFailures()) + " (results: " + outcome.runDir()
                            + ")");
        }
        RunResults results = ResultsReader.read(outcome.runDir());
        AbResult result = analyse(
                results,
                plan.frontEnds().get(0).label(),
                plan.frontEnds().get(1).label(),
                settings);
        try {
            out.println();
            out.print(ReportWriter.write(results));
            out.println();
        } catch (IOException e) {
            err.println("the report could not be written (" + e.getMessage() + "); retry with: proxybench report "
                    + outcome.runDir());
        }
        out.flush();
        err.flush();
        return new Outcome(outcome.runDir(), result);
    }

    /** The verdict of {@code candidate} against {@code baseline}, written to ab.json and ab.md in the run dir. */
    static AbResult analyse(RunResults results, String baseline, String candidate, AbAnalysis.Settings settings)
            throws IOException {
        List<String> labels = results.frontEndLabels();
        if (baseline == null || candidate == null || !labels.contains(baseline) || !labels.contains(candidate)) {
            throw KitCommand.fail(
                    ExitCodes.BAD_INPUT, results.dir() + " has front ends " + labels + "; ab needs two of them");
        }
        AbResult result = AbAnalysis.analyse(results.steps(), baseline, candidate, settings);
        AbResultFile.write(results.dir(), result);
        return result;
    }
}
