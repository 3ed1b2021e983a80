package io.proxybench.loadtest.generator.wrk;

import io.proxybench.loadtest.generator.GeneratorContext;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.process.ChildProcess;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.results.LatencySpectrum;
import io.proxybench.loadtest.results.LatencySpectrumLevels;
import io.proxybench.loadtest.topology.Role;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Load from wrk: {@code wrk --latency -t -c -d --timeout -s report.lua URL}, one run per step. The
 * figures come from the JSON the script writes; wrk's text output is kept beside it, and the latency
 * spectrum the script adds goes to the step's {@code latency-<step>.json}.
 */
public final class WrkGenerator implements LoadGenerator {

    static final String SCRIPT_RESOURCE = "/wrk/report.lua";
    static final String SCRIPT_NAME = "wrk-report.lua";
    /** The levels of the latency spectrum, handed to the script so that every generator uses the same ones. */
    static final String PERCENTILES = LatencySpectrumLevels.levels().stream()
            .map(LatencySpectrumLevels::text)
            .collect(Collectors.joining(","));

    private final GeneratorContext context;
    private final Optional<Path> wrk;

    public WrkGenerator(GeneratorContext context) {
        this.context = context;
        this.wrk = Executables.find("wrk");
    }

    @Override
    public String name() {
        return "wrk";
    }

    @Override
    public Optional<String> unavailableReason() {
        return wrk.isPresent() ? Optional.empty() : Optional.of("wrk is not installed (apt-get install wrk)");
    }

    @Override
    public int usableCores(int connections) {
        return Math.max(1, Math.min(threads(connections), context.cores()));
    }

    /** wrk needs at least one connection per thread. */
    int threads(int connections) {
        return Math.max(1, Math.min(context.threads(), connections));
    }

    /** The argument list of one wrk run, before the topology wraps it. */
    List<String> command(Path wrkBinary, Path script, StepRequest request) {
        return List.of(
                wrkBinary.toString(),
                "--latency",
                "-t" + threads(request.connections()),
                "-c" + request.connections(),
                "-d" + request.durationSec() + "s",
                "--timeout",
                Math.max(1, request.requestTimeout().toSeconds()) + "s",
                "-s",
                script.toString(),
                request.target().toString());
    }

    @Override
    public GeneratorResult run(StepRequest request) throws GeneratorException {
        Path binary =
                wrk.orElseThrow(() -> new GeneratorException(unavailableReason().orElseThrow()));
        Path json = request.rawDir().resolve("wrk-" + request.name() + ".json");
        Path text = request.rawDir().resolve("wrk-" + request.name() + ".txt");
        Path errors = request.rawDir().resolve("wrk-" + request.name() + ".err");
        Map<String, String> env = Map.of(
                "WRK_JSON",
                json.toAbsolutePath().toString(),
                "WRK_CONNECTION_CLOSE",
                request.mode() == ConnectionMode.CHURN ? "1" : "0",
                "WRK_PERCENTILES",
                PERCENTILES);
        // on another box: the shipped copy of the script, and the summary written at the same path there
        boolean remote = context.topology().boxOf(Role.GENERATOR) != null;
        List<String> args = remote
                ? RemoteWrk.creatingDir(json.getParent(), command(binary, WrkScriptFile.shippable(), request))
                : command(binary, script(), request);
        List<String> command = context.topology().wrap(Role.GENERATOR, args, env);
        try {
            Files.deleteIfExists(json);
            Files.writeString(
                    request.rawDir().resolve("wrk-" + request.name() + ".cmd"),
                    String.join(" ", command) + "\n",
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new GeneratorException("cannot write to " + request.rawDir() + ": " + e.getMessage());
        }
        ChildProcess process;
        try {
            process = ChildProcess.start("wrk", command, env, text, errors, context.processes(), line -> false);
        } catch (IOException e) {
            throw new GeneratorException("cannot start wrk: " + e.getMessage());
        }
        try {
            request.onProcessStart().accept(process.handle());
            // wrk stops by itself after -d; past this it hangs and is stopped
            Duration limit = Duration.ofSeconds(request.durationSec())
                    .plus(request.requestTimeout())
                    .plusSeconds(30);
            if (!process.waitFor(limit)) {
                throw new GeneratorException("wrk still running " + limit.toSeconds() + " s after it started: stopped");
            }
            int code = process.exitCode().orElse(-1);
            if (code != 0) {
                throw new GeneratorException("wrk exited with code " + code
                        + process.stderrTail().map(t -> ": " + t).orElse(""));
            }
            if (remote && !context.topology().fetch(Role.GENERATOR, json)) {
                throw new GeneratorException("cannot fetch wrk's summary " + json + " from "
                        + context.topology().boxOf(Role.GENERATOR));
            }
            if (!Files.isRegularFile(json)) {
                throw new GeneratorException("wrk wrote no summary (" + json.getFileName() + ")"
                        + process.stderrTail().map(t -> ": " + t).orElse(""));
            }
            String summary = Files.readString(json);
            GeneratorResult result = WrkJsonParser.parse(summary, List.of(json, text));
            Optional<LatencySpectrum> spectrum = WrkJsonParser.spectrum(summary);
            if (spectrum.isEmpty()) {
                return result;
            }
            Path spectrumFile = request.rawDir().resolve(LatencySpectrum.fileName(request.name()));
            try {
                spectrum.get().write(spectrumFile);
            } catch (IOException e) {
                throw new GeneratorException("cannot write " + spectrumFile + ": " + e.getMessage());
            }
            return new GeneratorResult(
                    result.requests(),
                    result.durationSec(),
                    result.bytes(),
                    result.latency(),
                    result.errors(),
                    List.of(json, text, spectrumFile),
                    result.loadWindow());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GeneratorException("interrupted");
        } catch (IOException e) {
            throw new GeneratorException("cannot read " + json + ": " + e.getMessage());
        } finally {
            process.stop(Duration.ofSeconds(5));
        }
    }

    /** The Lua script, copied once into the run directory so that a step can be rerun by hand. */
    private synchronized Path script() {
        Path script = context.runDir().resolve(SCRIPT_NAME);
        if (!Files.isRegularFile(script)) {
            try {
                WrkScriptFile.copyTo(script);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return script;
    }
}
