package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.frontend.TomcatNativeLibrary;
import io.proxybench.loadtest.orchestrate.RunSession;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.report.ReportWriter;
import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.revision.RevisionJars;
import io.proxybench.loadtest.runfile.PlanFileWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Unmatched;

/** {@code proxybench run}: the ramp from processes to the results table and charts. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Starts stub-origin and each front end as separate processes, ramps connections through them with the"
                    + " generator, samples CPU, load, run queue, context switches, network, memory and GC every second,"
                    + " and writes <out>/<run-id>/ (run.json, steps.json, results.csv, samples.csv, raw/) and the"
                    + " report.",
            "FILE.yaml, when given, is a run file: its keys are these options' long names (front-ends, steps,"
                    + " duration, ...), and flags given beside it override its values; it may define front ends of"
                    + " your own (docs/run-files.md). Every run writes the plan it ran to <out>/<run-id>/plan.yaml,"
                    + " which runs again the same way.",
            "Front ends run one after another over the same steps; each gets a fresh origin, after the machine's"
                    + " run queue is back near its idle level (at most 30 s), and is warmed up at the first step's load"
                    + " until steady (--warmup auto: its JIT and the origin's quiet, req/s stable; at most"
                    + " --warmup-cap).",
            "",
            "Without options: netty, tomcat, nginx and haproxy (when installed) at 100, 200 and 400 connections,"
                    + " 5 s per step after the warm-up (a JVM front end: typically half a minute to a minute and a half"
                    + " in all; --warmup 5s --lead-in none for a quick look).",
            "The reference write-up's run: --ramp 700:2000:200 --duration 10s --warmup 5s",
            ""
        },
        footerHeading = "%nSettings:%n",
        footer = {
            "  --<kind>.<key>=VALUE  is --set <kind>.<key>=VALUE:",
            "                        --netty.workers.stage=8 --tomcat.maxThreads=500",
            "  jvm=FLAGS             in a JVM front end's brackets: that variant's own JVM flags, after the run's",
            "                        (space-separated): 'netty,netty[jvm=-Xmn16m -XX:+UseTransparentHugePages]'",
            "  nginx keys:           worker_processes (default: all cores), worker_connections,",
            "                        keepalive, keepalive_requests, multi_accept, reuseport, deferred",
            "  haproxy keys:         nbthread (default: all cores), maxconn, defer-accept"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every step measured",
            "1:internal error",
            "2:bad input, or the run cannot start here (limits, missing tools, a front end that never got ready)",
            "3:the run finished but some steps failed (reasons in steps.json)"
        })
public class RunCommand extends KitCommand {

    @Mixin
    RunOptions options = new RunOptions();

    /** Picocli reads unmatched arguments only on the command itself, not in a mixin. */
    @Unmatched
    List<String> unmatched = new ArrayList<>();

    @Override
    public Integer call() throws PlanException, IOException {
        options.unmatched = unmatched;
        RunFileArguments given = RunFileArguments.of(spec.commandLine().getParseResult(), options);
        RunPlanReader.Result read;
        try {
            read = RunPlanReader.read(
                    given.options(),
                    commandText(),
                    new RunPlanReader.Installed(
                            Executables.find("wrk").isPresent(),
                            Executables.find("nginx").isPresent(),
                            Executables.find("haproxy").isPresent(),
                            TomcatNativeLibrary.installed()));
        } catch (PlanException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), given.located(e.getMessage()));
        }
        err().println(read.generatorLine());
        read.notes().forEach(n -> err().println("note: " + n));
        err().flush();
        RevisionJars.Resolved built =
                RevisionJars.standard(KitLayout.locate(), err()).resolve(read.plan(), KitLayout.locate());
        RunSession.RunOutcome outcome = new RunSession(built.plan(), built.layout(), out(), read.notes())
                .withPlanFile((dir, id) -> PlanFileWriter.write(given.planOptions(read.plan()), dir, id))
                .execute();
        report(outcome);
        if (!outcome.startFailures().isEmpty()) {
            outcome.startFailures().forEach(f -> err().println(spec.qualifiedName() + ": did not start: " + f));
            err().flush();
            return ExitCodes.BAD_INPUT;
        }
        return outcome.anyStepFailed() ? ExitCodes.STEPS_FAILED : ExitCodes.OK;
    }

    /** The report half renders the table and charts from the files just written. */
    private void report(RunSession.RunOutcome outcome) {
        PrintWriter out = out();
        PrintWriter err = err();
        try {
            out.println();
            out.print(ReportWriter.write(outcome.runDir()));
            out.println();
            out.println("report: " + RunFiles.of(outcome.runDir()).reportMd());
            out.println("charts: " + RunFiles.of(outcome.runDir()).reportHtml());
        } catch (IOException e) {
            err.println(spec.qualifiedName() + ": the report could not be written (" + e.getMessage()
                    + "); results are in " + outcome.runDir() + ", retry with: proxybench report " + outcome.runDir());
        }
        out.println("results: " + outcome.runDir());
        out.flush();
        err.flush();
    }

    static String quoted(String arg) {
        return arg.matches("[A-Za-z0-9_@%+=:,./-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
    }
}
