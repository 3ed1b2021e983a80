package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.ab.AbAnalysis;
import io.proxybench.loadtest.ab.JitBusyPolicy;
import io.proxybench.loadtest.ab.JudgedFigures;
import io.proxybench.loadtest.ab.Verdict;
import io.proxybench.loadtest.gate.GateFiles;
import io.proxybench.loadtest.gate.GateResult;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.revision.RevisionJars;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;

/**
 * {@code proxybench gate}: each proxy of the current checkout ({@code @worktree}) against the revision in
 * the committed baseline file, one A/B each; a regression fails the gate only when a second, independent
 * A/B confirms it.
 */
@Command(
        name = "gate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "A/B of each proxy (--proxies) at the revision in the baseline file (.ci/perf-baseline, bumped"
                    + " deliberately) against the current checkout with its uncommitted changes (--candidate), as ab"
                    + " runs it (default: step 400 after a 15 s warm-up, --jit-busy subtract, --judge cpu). A proxy"
                    + " whose A/B shows a significant regression is measured again in a second, independent A/B;"
                    + " only a regression both show fails the gate.",
            "Writes gate.md (a pull-request comment), gate.json and gate-junit.xml into <out>/gate-<time>/.",
            ""
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:passes: no significant regression",
            "1:internal error",
            "2:bad input (options, baseline file, a revision that does not build)",
            "3:passes with a warning: no verdict (too few undisturbed rounds, or a regression not confirmed)",
            "4:fails: a regression confirmed by a second A/B"
        })
public class GateCommand extends KitCommand {

    /**
     * One step, a short fixed warm-up: 2 proxies × 6 rounds × 2 turns of ~26 s fit CI's ten minutes here;
     * the auto warm-up alone takes 55–117 s per turn on this machine.
     */
    static final String DEFAULT_STEPS = "400";

    static final String DEFAULT_WARMUP = "15s";

    @Option(
            names = "--baseline-file",
            paramLabel = "FILE",
            defaultValue = ".ci/perf-baseline",
            description = "the baseline revision, first line that is not a # comment; relative to the checkout"
                    + " (default: ${DEFAULT-VALUE})")
    Path baselineFile;

    @Option(
            names = "--candidate",
            paramLabel = "REV",
            defaultValue = "worktree",
            description = "the revision measured against the baseline: worktree (the checkout with its uncommitted"
                    + " changes) or any git revision (default: ${DEFAULT-VALUE})")
    String candidate;

    @Option(
            names = "--proxies",
            paramLabel = "LIST",
            defaultValue = "netty,tomcat",
            split = ",",
            description = "proxies to gate (default: ${DEFAULT-VALUE})")
    List<String> proxies;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "6", description = "rounds per A/B (default: 6)")
    int rounds;

    @Mixin
    VerdictOptions verdict = new VerdictOptions();

    @Mixin
    RunOptions options = new RunOptions();

    @Unmatched
    List<String> unmatched = new ArrayList<>();

    @Override
    public Integer call() throws PlanException, IOException {
        AbAnalysis.Settings settings = verdict.settings(JitBusyPolicy.SUBTRACT, JudgedFigures.CPU);
        AbRunner.checkOptions(options, rounds);
        KitLayout layout = KitLayout.locate();
        String baseline = baselineRevision(
                        baselineFile.isAbsolute() ? baselineFile : layout.home().resolve(baselineFile))
                .orElseThrow(() -> fail(ExitCodes.BAD_INPUT, baselineFile + " names no revision"));
        if (options.steps == null && options.ramp == null) {
            options.steps = DEFAULT_STEPS;
        }
        if (!spec.commandLine().getParseResult().hasMatchedOption("--warmup")) {
            options.warmup = DEFAULT_WARMUP;
        }
        AbRunner runner = new AbRunner(options, unmatched, rounds, settings, commandText(), out(), err());
        List<RunPlan> plans = new ArrayList<>();
        try {
            for (String proxy : proxies) {
                RunPlan plan = runner.plan(proxy + "@" + baseline, proxy + "@" + candidate);
                // every revision built (or found) before any load
                plans.add(RevisionJars.standard(layout, err())
                        .resolve(plan, layout)
                        .plan());
            }
        } catch (PlanException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        List<GateResult.Check> checks = new ArrayList<>();
        for (int i = 0; i < proxies.size(); i++) {
            AbRunner.Outcome first = runner.run(plans.get(i));
            AbRunner.Outcome confirm = null;
            if (first.result().verdict() == Verdict.REGRESSION) {
                err().println("gate: " + proxies.get(i) + " regressed; a second A/B confirms or not");
                err().flush();
                confirm = runner.run(plans.get(i));
            }
            checks.add(GateResult.Check.of(
                    proxies.get(i),
                    first.runDir().toString(),
                    first.result(),
                    confirm == null ? null : confirm.runDir().toString(),
                    confirm == null ? null : confirm.result()));
        }
        GateResult gate = GateResult.of(baseline, checks);
        Path dir = options.out.resolve(
                "gate-" + ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        GateFiles.write(dir, gate);
        out().print(GateFiles.markdown(gate));
        out().println("gate: " + dir.resolve(GateFiles.GATE_MD));
        out().flush();
        return ExitCodes.of(gate.verdict());
    }

    /** The first line of the file that is neither blank nor a {@code #} comment. */
    static Optional<String> baselineRevision(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                    .findFirst();
        } catch (IOException e) {
            throw fail(ExitCodes.BAD_INPUT, "the baseline file " + file + " cannot be read: " + e.getMessage());
        }
    }
}
