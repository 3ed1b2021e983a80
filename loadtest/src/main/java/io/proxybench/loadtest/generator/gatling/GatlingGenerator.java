package io.proxybench.loadtest.generator.gatling;

import io.proxybench.loadtest.generator.GeneratorContext;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.process.ChildProcess;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.topology.Role;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Load from Gatling: one JVM per step running one of the module's simulations (keep-alive or churn
 * in the closed model; fixed rate in the open model, where the step's number is requests per
 * second). Gatling's HTML report stays under {@code raw/<front end>/gatling/<step>/}; the figures
 * come from its tables (see {@link GatlingFigures}).
 *
 * <p>A fresh JVM compiles its hot code during its first seconds; each step therefore starts with a
 * short warm-up at the step's own load, in the same JVM, left out of the figures. The JVM's start,
 * that warm-up and the report writing all fall inside the kit's step: the result carries the step's
 * own load window (first request to last answer), and the kit's per-step figures cover only that.
 */
public final class GatlingGenerator implements LoadGenerator {

    /** Seconds of in-JVM warm-up before each step (not before the run's own warm-up). */
    public static final int JIT_WARMUP_SEC = 2;
    /** JVM start and report writing, on top of the load itself. */
    static final Duration OVERHEAD_ALLOWANCE = Duration.ofSeconds(90);

    static final String WARMUP_STEP = "warmup";
    static final String LEAD_IN_PREFIX = "lead-in-";

    private final GeneratorContext context;
    private final LoadModel model;
    private final GatlingInstall install;
    private final Path javaBinary;

    /** {@code --generator gatling}, in the run's {@code --model}. */
    public GatlingGenerator(GeneratorContext context, LoadModel model) {
        this(
                context,
                model,
                GatlingInstall.under(KitLayout.locate().home()),
                Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    GatlingGenerator(GeneratorContext context, LoadModel model, GatlingInstall install, Path java) {
        this.context = context;
        this.model = model;
        this.install = install;
        this.javaBinary = java;
    }

    @Override
    public String name() {
        return "gatling";
    }

    public LoadModel model() {
        return model;
    }

    @Override
    public Optional<String> unavailableReason() {
        String topology = context.topology().name();
        if (!topology.equals("loopback") && !topology.equals("netns")) {
            return Optional.of("--generator gatling runs on the loopback and netns topologies, not " + topology);
        }
        return install.missing();
    }

    /** Gatling runs one Netty event loop per core and spreads its users over them. */
    @Override
    public int usableCores(int connections) {
        return context.cores();
    }

    @Override
    public GeneratorResult run(StepRequest request) throws GeneratorException {
        Optional<String> unavailable = unavailableReason();
        if (unavailable.isPresent()) {
            throw new GeneratorException(unavailable.get());
        }
        Path resultsDir = resultsDir(request);
        Path stdout = request.rawDir().resolve("gatling-" + resultsDir.getFileName() + ".txt");
        Path stderr = request.rawDir().resolve("gatling-" + resultsDir.getFileName() + ".err");
        List<String> command;
        try {
            Files.createDirectories(resultsDir.resolve(".tmp"));
            command = context.topology()
                    .wrap(
                            Role.GENERATOR,
                            GatlingCommand.build(
                                    javaBinary,
                                    install.classpath(),
                                    model,
                                    request,
                                    resultsDir,
                                    warmupSec(request),
                                    allowedHost(request),
                                    context.tls()));
            Files.writeString(
                    request.rawDir().resolve("gatling-" + resultsDir.getFileName() + ".cmd"),
                    String.join(" ", command) + "\n",
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new GeneratorException("cannot prepare the Gatling run in " + resultsDir + ": " + e.getMessage());
        }
        ChildProcess process;
        try {
            process = ChildProcess.start(
                    "gatling", command, Map.of(), stdout, stderr, context.processes(), line -> false);
        } catch (IOException e) {
            throw new GeneratorException("cannot start Gatling: " + e.getMessage());
        }
        try {
            request.onProcessStart().accept(process.handle());
            Duration limit = limit(request);
            if (!process.waitFor(limit)) {
                throw new GeneratorException(
                        "Gatling still running " + limit.toSeconds() + " s after it started: stopped");
            }
            int code = process.exitCode().orElse(-1);
            Path figures = resultsDir.resolve(GatlingFigures.FILE_NAME);
            if (code != 0 || !Files.isRegularFile(figures)) {
                throw new GeneratorException("Gatling exited with code " + code
                        + process.stderrTail().map(t -> ": " + t).orElse(""));
            }
            return GatlingFigures.read(
                    figures, "step-" + request.connections(), request.durationSec(), List.of(figures, stdout));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GeneratorException("interrupted");
        } finally {
            process.stop(Duration.ofSeconds(5));
            removeScratch(resultsDir);
        }
    }

    /** {@code raw/<front end>/gatling/<step>}, a new directory for a repeated step. */
    static Path resultsDir(StepRequest request) {
        Path base = request.rawDir().resolve("gatling");
        Path dir = base.resolve(request.name());
        for (int i = 2; Files.exists(dir); i++) {
            dir = base.resolve(request.name() + "-" + i);
        }
        return dir;
    }

    static int warmupSec(StepRequest request) {
        // the warm-up's and a lead-in's windows are there to warm: only a measured step gets Gatling's own
        return request.name().equals(WARMUP_STEP) || request.name().startsWith(LEAD_IN_PREFIX) ? 0 : JIT_WARMUP_SEC;
    }

    /** Every request may take its full timeout after the last one is sent; warm-up and step alike. */
    static Duration limit(StepRequest request) {
        return Duration.ofSeconds(warmupSec(request) + request.durationSec())
                .plus(request.requestTimeout().multipliedBy(2))
                .plus(OVERHEAD_ALLOWANCE);
    }

    /** In a network namespace the kit made, the target is not on loopback; the simulation must be told. */
    private String allowedHost(StepRequest request) {
        return context.topology().name().equals("netns") ? request.target().getHost() : null;
    }

    /** Gatling's scratch files (native libraries, preferences) are of no use after the run. */
    private static void removeScratch(Path resultsDir) {
        for (String scratch : List.of(".tmp", ".native", ".java-prefs")) {
            Path dir = resultsDir.resolve(scratch);
            if (!Files.exists(dir)) {
                continue;
            }
            try (var walk = Files.walk(dir)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                // left in place: harmless, inside the run's raw directory
            }
        }
    }
}
