package io.proxybench.loadtest.generator.builtin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.loadtest.generator.GeneratorContext;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.generator.TlsHandshakeCounts;
import io.proxybench.loadtest.generator.wrk.WrkJsonParser;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.results.LatencySpectrum;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Load from the built-in generator ({@code loadgen/}). The process and its connections live from a
 * front end's warm-up to its last step ({@link #frontEndDone}); a step that goes to another target
 * starts a new one. Closed model: a step is the number of connections; open model: a step is the
 * rate, spread over {@link #openConnections} connections.
 */
public final class BuiltinGenerator implements LoadGenerator {

    public static final String NAME = "builtin";
    private static final Logger LOG = LoggerFactory.getLogger(BuiltinGenerator.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final GeneratorContext context;
    private final LoadModel model;
    private final Path jar;
    private final Path javaBinary;
    private LoadgenSession session;

    public BuiltinGenerator(GeneratorContext context, LoadModel model) {
        this(context, model, KitLayout.locate().loadgenJar(), Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    BuiltinGenerator(GeneratorContext context, LoadModel model, Path jar, Path javaBinary) {
        this.context = context;
        this.model = model;
        this.jar = jar;
        this.javaBinary = javaBinary;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<String> unavailableReason() {
        return Files.isRegularFile(jar)
                ? Optional.empty()
                : Optional.of("the built-in generator's jar " + jar
                        + " is missing (mvn -B -DskipTests package -pl loadgen -am)");
    }

    @Override
    public int usableCores(int connections) {
        return Math.max(1, Math.min(context.threads(), context.cores()));
    }

    /**
     * Connections for an open-model step of {@code rate} req/s: a quarter of the rate, so that each
     * connection has four times the headroom a 50 ms answer needs (20 req/s each), and a stall fills
     * connections before it leaves sends unsent.
     */
    static int openConnections(int rate) {
        return Math.max(10, Math.min(rate / 4, 4000));
    }

    /** The step command written to the generator's stdin. */
    String stepCommand(StepRequest request) {
        StringBuilder b = new StringBuilder("step name=").append(request.name());
        if (model == LoadModel.OPEN) {
            b.append(" connections=")
                    .append(openConnections(request.connections()))
                    .append(" rate=")
                    .append(request.connections());
        } else {
            b.append(" connections=").append(request.connections());
        }
        b.append(" duration=")
                .append(request.durationSec())
                .append('s')
                .append(" mode=")
                .append(request.mode() == ConnectionMode.CHURN ? "churn" : "keepalive")
                .append(" timeout=")
                .append(Math.max(1, request.requestTimeout().toMillis()))
                .append("ms")
                .append(" out=")
                .append(request.rawDir().toAbsolutePath());
        return b.toString();
    }

    @Override
    public synchronized GeneratorResult run(StepRequest request) throws GeneratorException {
        if (!Files.isRegularFile(jar)) {
            throw new GeneratorException(unavailableReason().orElseThrow());
        }
        if (session != null && (!session.target().equals(request.target()) || !session.isAlive())) {
            frontEndDone();
        }
        if (session == null) {
            session = LoadgenSession.start(context, javaBinary, jar, request.target(), request.rawDir());
        }
        request.onProcessStart().accept(session.handle());
        String line = session.step(stepCommand(request), request.durationSec(), request.requestTimeout());
        GeneratorResult result =
                withSpectrum(parse(line, request.rawDir(), request.name()), request.rawDir(), request.name());
        return "https".equals(request.target().getScheme()) ? result.withTls(handshakes(line)) : result;
    }

    /** The TLS handshakes a step line counts ({@code tlsHandshakes}, {@code tlsResumed}); null without them. */
    static TlsHandshakeCounts handshakes(String line) {
        try {
            JsonNode root = JSON.readTree(line);
            return root.hasNonNull("tlsHandshakes")
                    ? new TlsHandshakeCounts(
                            root.get("tlsHandshakes").asLong(),
                            root.path("tlsResumed").asLong())
                    : null;
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /**
     * The step's result with its latency spectrum, merged from its interval log; without one when the
     * log is missing or unreadable (the step's own figures stand without it).
     */
    static GeneratorResult withSpectrum(GeneratorResult result, Path rawDir, String name) {
        Path hlog = rawDir.resolve("loadgen-" + name + ".hlog");
        if (!Files.isRegularFile(hlog)) {
            return result;
        }
        Path file = rawDir.resolve(LatencySpectrum.fileName(name));
        try {
            Optional<Histogram> total = IntervalLogSpectrum.merge(hlog);
            if (total.isEmpty()) {
                return result;
            }
            IntervalLogSpectrum.spectrum(total.get(), NAME).write(file);
        } catch (IOException e) {
            LOG.warn("step {}: no latency spectrum: {}", name, e.getMessage());
            return result;
        }
        List<Path> files = new ArrayList<>(result.rawFiles());
        files.add(file);
        return new GeneratorResult(
                result.requests(),
                result.durationSec(),
                result.bytes(),
                result.latency(),
                result.errors(),
                files,
                result.loadWindow());
    }

    /** One step's JSON line: the wrk summary's fields, and the step's files (summary and interval log). */
    static GeneratorResult parse(String line, Path rawDir, String name) throws GeneratorException {
        JsonNode root;
        try {
            root = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new GeneratorException("built-in generator: step line is not JSON: " + e.getOriginalMessage());
        }
        if ("error".equals(root.path("type").asText())) {
            throw new GeneratorException(
                    "built-in generator: " + root.path("message").asText());
        }
        List<Path> files = new ArrayList<>();
        for (String file : List.of("loadgen-" + name + ".json", "loadgen-" + name + ".hlog")) {
            if (Files.isRegularFile(rawDir.resolve(file))) {
                files.add(rawDir.resolve(file));
            }
        }
        // no load window: the step command's round trip is the load, so the kit's own readings around
        // run() cover the step as they do wrk's whole run
        return WrkJsonParser.parse(line, files);
    }

    @Override
    public synchronized void frontEndDone() {
        if (session != null) {
            session.close();
            session = null;
        }
    }
}
