package io.proxybench.loadgen.session;

import io.proxybench.loadgen.engine.LoadEngine;
import io.proxybench.loadgen.engine.StepPlan;
import io.proxybench.loadgen.record.StepSummary;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The long-lived mode: reads step commands, one per line, runs each on the same engine (so
 * connections carry over from step to step), and answers each with one JSON line. It prints
 * {@code {"type":"ready",...}} first and {@code {"type":"bye"}} last; a line it cannot run gets
 * {@code {"type":"error","message":...}} and the session goes on. {@code quit} or the end of input ends it.
 */
public final class StepSession {

    private final LoadEngine engine;
    private final StepPlan defaults;
    private final Path outDir;
    private final PrintStream out;

    public StepSession(LoadEngine engine, StepPlan defaults, Path outDir, PrintStream out) {
        this.engine = engine;
        this.defaults = defaults;
        this.outDir = outDir;
        this.out = out;
    }

    public void serve(BufferedReader in, String target) throws IOException, InterruptedException {
        emit("{\"type\":\"ready\",\"target\":" + StepSummary.quote(target) + ",\"threads\":" + engine.threads() + "}");
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            StepCommand.Parsed command;
            try {
                command = StepCommand.parse(line, defaults, outDir);
            } catch (IllegalArgumentException e) {
                emit(error(e.getMessage()));
                continue;
            }
            if (command.quit()) {
                break;
            }
            if (command.plan() != null) {
                try {
                    emit(runStep(engine, command.plan(), command.out()).toJson());
                } catch (IOException | UncheckedIOException e) {
                    emit(error("step " + command.plan().name() + ": cannot write its files: " + e.getMessage()));
                }
            }
        }
        emit("{\"type\":\"bye\"}");
    }

    /**
     * Runs one step; with a directory, leaves {@code loadgen-NAME.hlog} and {@code loadgen-NAME.json} there.
     *
     * @throws IOException when the directory or the files cannot be written
     */
    public static StepSummary runStep(LoadEngine engine, StepPlan plan, Path dir)
            throws IOException, InterruptedException {
        Path hlog = null;
        if (dir != null) {
            Files.createDirectories(dir);
            hlog = dir.resolve("loadgen-" + plan.name() + ".hlog");
        }
        StepSummary summary = engine.run(plan, hlog);
        if (dir != null) {
            Files.writeString(
                    dir.resolve("loadgen-" + plan.name() + ".json"), summary.toJson() + "\n", StandardCharsets.UTF_8);
        }
        return summary;
    }

    static String error(String message) {
        return "{\"type\":\"error\",\"message\":" + StepSummary.quote(message) + "}";
    }

    private void emit(String line) {
        out.println(line);
        out.flush();
    }
}
