package io.proxybench.loadtest.generator.split;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.proxybench.loadtest.generator.GeneratorContext;
import io.proxybench.loadtest.generator.GeneratorException;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.generator.builtin.BuiltinGenerator;
import io.proxybench.loadtest.generator.catalog.GeneratorCatalog;
import io.proxybench.loadtest.plan.GeneratorKind;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.Topology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One generator per generator box, driven as one: a step's connections (the rate, in the open model)
 * split by {@link StepSplit}, every box's part started at the same moment from its own thread, and
 * the parts' results merged by {@link StepMerge}. Each part writes its raw files under
 * {@code generator-<n>/} of the front end's raw directory; {@code generators-<step>.json} there records
 * each box's share, requests and how late its part started after the first one.
 */
public final class SplitGenerator implements LoadGenerator {

    private static final Logger LOG = LoggerFactory.getLogger(SplitGenerator.class);
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** What one step was on the boxes. */
    public record Parts(
            List<String> boxes,
            List<Integer> shares,
            List<Long> requests,
            List<Long> startSkewMs,
            String latencyMerge) {}

    private final List<String> boxes;
    private final List<LoadGenerator> parts;
    /** Where each part runs: its box's view of the run's topology. */
    private final List<Topology> places;

    private final Map<String, Parts> steps = new ConcurrentHashMap<>();

    SplitGenerator(List<String> boxes, List<LoadGenerator> parts, List<Topology> places) {
        this.boxes = List.copyOf(boxes);
        this.parts = List.copyOf(parts);
        this.places = List.copyOf(places);
    }

    /**
     * The generator of {@code kind} for a run whose topology places it: one of it where there is one
     * generator box, a split one over the topology's {@link Topology#generatorBoxes()} otherwise.
     */
    public static LoadGenerator create(GeneratorKind kind, GeneratorContext context, LoadModel model) {
        Map<String, Topology> places = context.topology().generatorBoxes();
        if (places.size() < 2) {
            return GeneratorCatalog.create(kind, context, model);
        }
        List<String> names = new ArrayList<>();
        List<LoadGenerator> generators = new ArrayList<>();
        places.forEach((name, topology) -> {
            names.add(name);
            generators.add(GeneratorCatalog.create(kind, context.in(topology), model));
        });
        return new SplitGenerator(names, generators, List.copyOf(places.values()));
    }

    /** The generator boxes, as the hosts file names them, in share order. */
    public List<String> boxes() {
        return boxes;
    }

    /** What the step named {@code step} was on each box; empty before it ran or when it failed. */
    public Optional<Parts> parts(String step) {
        return Optional.ofNullable(steps.get(step));
    }

    @Override
    public String name() {
        return parts.get(0).name();
    }

    @Override
    public Optional<String> unavailableReason() {
        return parts.stream()
                .map(LoadGenerator::unavailableReason)
                .flatMap(Optional::stream)
                .findFirst();
    }

    /** The watched box's (this machine's, else the first): its generator is the process the kit's own sampler reads. */
    @Override
    public int usableCores(int connections) {
        return usableCores(Math.max(0, boxes.indexOf("local")), connections);
    }

    /** The cores the part on box {@code index} can keep busy at its share of {@code step}. */
    public int usableCores(int index, int step) {
        return parts.get(index)
                .usableCores(StepSplit.shares(Math.max(step, parts.size()), parts.size())
                        .get(index));
    }

    @Override
    public GeneratorResult run(StepRequest request) throws GeneratorException {
        List<Integer> shares;
        try {
            shares = StepSplit.shares(request.connections(), parts.size());
        } catch (IllegalArgumentException e) {
            throw new GeneratorException(e.getMessage());
        }
        List<StepRequest> requests = new ArrayList<>();
        // the kit's own sampler watches one generator process: the one on this machine, if any
        int watched = Math.max(0, boxes.indexOf("local"));
        try {
            for (int i = 0; i < parts.size(); i++) {
                Path dir = Files.createDirectories(request.rawDir().resolve("generator-" + (i + 1)));
                requests.add(new StepRequest(
                        request.name(),
                        request.target(),
                        shares.get(i),
                        request.durationSec(),
                        request.requestTimeout(),
                        request.mode(),
                        dir,
                        i == watched ? request.onProcessStart() : handle -> {}));
            }
        } catch (IOException e) {
            throw new GeneratorException("cannot create the generator boxes' raw directories: " + e.getMessage());
        }
        long[] startedAt = new long[parts.size()];
        List<GeneratorResult> results = withLogs(runTogether(requests, startedAt), requests);
        StepMerge.Merged merged;
        try {
            merged = StepMerge.merge(results, name(), request.rawDir(), request.name());
        } catch (IOException e) {
            throw new GeneratorException("cannot merge the generator boxes' results: " + e.getMessage());
        }
        long first = Arrays.stream(startedAt).min().orElse(0);
        List<Long> skews = Arrays.stream(startedAt).map(t -> t - first).boxed().toList();
        Parts done = new Parts(
                boxes, shares, results.stream().map(GeneratorResult::requests).toList(), skews, merged.latencyMerge());
        steps.put(request.name(), done);
        record(request.rawDir(), request.name(), done);
        return merged.result();
    }

    /**
     * The parts' results with each one's HdrHistogram interval log, fetched from its box where the
     * generator writes one and left it there, so that the step's latency can be merged exactly.
     */
    private List<GeneratorResult> withLogs(List<GeneratorResult> results, List<StepRequest> requests) {
        if (!BuiltinGenerator.NAME.equals(name())) {
            return results;
        }
        List<GeneratorResult> out = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            GeneratorResult r = results.get(i);
            Path hlog = requests.get(i)
                    .rawDir()
                    .resolve("loadgen-" + requests.get(i).name() + ".hlog");
            if (r.rawFiles().contains(hlog) || !places.get(i).fetch(Role.GENERATOR, hlog)) {
                out.add(r);
                continue;
            }
            List<Path> files = new ArrayList<>(r.rawFiles());
            files.add(hlog);
            out.add(new GeneratorResult(
                    r.requests(), r.durationSec(), r.bytes(), r.latency(), r.errors(), files, r.loadWindow()));
        }
        return out;
    }

    /** Every part from its own thread, released together; the first failure fails the step, naming its box. */
    private List<GeneratorResult> runTogether(List<StepRequest> requests, long[] startedAt) throws GeneratorException {
        ExecutorService threads = Executors.newFixedThreadPool(parts.size(), r -> {
            Thread t = new Thread(r, "generator-box");
            t.setDaemon(true);
            return t;
        });
        CountDownLatch ready = new CountDownLatch(parts.size());
        CountDownLatch go = new CountDownLatch(1);
        List<Future<GeneratorResult>> futures = new ArrayList<>();
        try {
            for (int i = 0; i < parts.size(); i++) {
                int index = i;
                futures.add(threads.submit(() -> {
                    ready.countDown();
                    go.await();
                    startedAt[index] = System.currentTimeMillis();
                    return parts.get(index).run(requests.get(index));
                }));
            }
            ready.await();
            go.countDown();
            List<GeneratorResult> results = new ArrayList<>();
            GeneratorException failure = null;
            for (int i = 0; i < futures.size(); i++) {
                try {
                    results.add(futures.get(i).get());
                } catch (ExecutionException e) {
                    String why = e.getCause() instanceof GeneratorException g
                            ? g.getMessage()
                            : String.valueOf(e.getCause());
                    if (failure == null) {
                        failure = new GeneratorException("generator box " + boxes.get(i) + ": " + why);
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            futures.forEach(f -> f.cancel(true));
            throw new GeneratorException("interrupted");
        } finally {
            threads.shutdownNow();
        }
    }

    private static void record(Path rawDir, String step, Parts parts) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < parts.boxes().size(); i++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("box", parts.boxes().get(i));
            row.put("share", parts.shares().get(i));
            row.put("requests", parts.requests().get(i));
            row.put("startSkewMs", parts.startSkewMs().get(i));
            rows.add(row);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("step", step);
        out.put("latencyMerge", parts.latencyMerge());
        out.put("boxes", rows);
        try {
            JSON.writeValue(rawDir.resolve("generators-" + step + ".json").toFile(), out);
        } catch (IOException e) {
            LOG.warn("step {}: cannot record the generator boxes' shares: {}", step, e.getMessage());
        }
    }

    @Override
    public void frontEndDone() {
        parts.forEach(LoadGenerator::frontEndDone);
    }
}
