package io.proxybench.core.conformance.desync;

import io.proxybench.core.conformance.wire.WireOrigin;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives the request-side and response-side desync checks over seeded cases and the corpus.
 * {@code -Dfuzz.cases=N} sets how many generated cases run per side (default
 * {@value #DEFAULT_REQUEST_CASES} and {@value #DEFAULT_RESPONSE_CASES}; {@code -Dfuzz.responseCases}
 * sets the origin-answer side alone), {@code -Dfuzz.seed=S} the seed, {@code -Dfuzz.lanes=L} how many
 * cases run at once (each lane its own proxy and origin; for large runs on an otherwise idle
 * machine). A failing case is logged as its replayable line and appended to the corpus file
 * ({@code proxy-core/src/test/resources/desync-corpus.txt}, found from the working directory
 * upwards, or {@code -Dfuzz.corpus=path}), whose cases run on every build.
 */
public final class DesyncFuzzer {

    public static final int DEFAULT_REQUEST_CASES = 250;
    public static final int DEFAULT_RESPONSE_CASES = 120;
    public static final long DEFAULT_SEED = 0x5eed_2026_1122L;
    private static final String CORPUS_RESOURCE = "/desync-corpus.txt";
    private static final String CORPUS_SOURCE = "proxy-core/src/test/resources/desync-corpus.txt";
    /** Enough failures to see a pattern; more only slow the report down. */
    private static final int MAX_FAILURES = 8;

    private static final Logger log = LoggerFactory.getLogger(DesyncFuzzer.class);

    private DesyncFuzzer() {}

    public static int requestCases() {
        return Integer.getInteger("fuzz.cases", DEFAULT_REQUEST_CASES);
    }

    /** {@code -Dfuzz.responseCases} when given (origin answers are cheaper to run), else {@code -Dfuzz.cases}. */
    public static int responseCases() {
        return Integer.getInteger("fuzz.responseCases", Integer.getInteger("fuzz.cases", DEFAULT_RESPONSE_CASES));
    }

    public static long seed() {
        return Long.getLong("fuzz.seed", DEFAULT_SEED);
    }

    /**
     * Runs {@code count} generated request streams spread over {@code lanes}, each lane one case at a
     * time, so that what its origin saw belongs to one case. The cases {@code leftOut} accepts are
     * generated but not run (for a proxy that, by design, reads them otherwise, as nginx does).
     */
    public static List<String> fuzzRequests(String frontEnd, List<Lane> lanes, int count, Predicate<DesyncCase> leftOut)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        List<String> failures = inLanes(lanes.size(), count, (lane, i) -> {
            DesyncCase c = RequestStreamGenerator.generate(seed() * 1_000_003L + i);
            if (leftOut.test(c)) {
                return null;
            }
            List<String> v = lanes.get(lane).check().run(c);
            return v.isEmpty() ? null : failed(frontEnd, c.toLine(), v);
        });
        log.info(
                "desync fuzz ({}): {} request cases in {} lanes, seed {}, {} failing, {} ms",
                frontEnd,
                count,
                lanes.size(),
                seed(),
                failures.size(),
                (System.nanoTime() - start) / 1_000_000);
        return failures;
    }

    /**
     * Runs {@code count} generated origin answers spread over proxies on {@code proxyPorts}, each
     * holding its own origin connection. Without {@code strict}, forwarding an answer whose framing
     * the proxy resolved one way (say, the last of two Content-Lengths) is not counted, only what
     * desynchronises: leftovers, unparseable or wrongly framed bytes at the client.
     */
    public static List<String> fuzzResponses(String frontEnd, List<Integer> proxyPorts, int count, boolean strict)
            throws IOException {
        long start = System.nanoTime();
        List<ResponseDesyncCheck> checks =
                proxyPorts.stream().map(p -> new ResponseDesyncCheck(p, strict)).toList();
        List<String> failures;
        try {
            failures = inLanes(checks.size(), count, (lane, i) -> {
                ResponseCase c = ResponseCase.generate(seed() * 1_000_033L + i);
                List<String> v = checks.get(lane).run(c);
                return v.isEmpty() ? null : failed(frontEnd, c.toLine(), v);
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        log.info(
                "desync fuzz ({}): {} response cases in {} lanes, seed {}, {} failing, {} ms",
                frontEnd,
                count,
                proxyPorts.size(),
                seed(),
                failures.size(),
                (System.nanoTime() - start) / 1_000_000);
        return failures;
    }

    /** A proxy port and the origin behind it; a case's origin requests are looked for only there. */
    public record Lane(int proxyPort, WireOrigin origin) {

        RequestDesyncCheck check() {
            return new RequestDesyncCheck(proxyPort, origin);
        }
    }

    /** How many lanes a fuzz run uses ({@code -Dfuzz.lanes}, default 1: a build shares its cores). */
    public static int lanes() {
        return Math.max(1, Integer.getInteger("fuzz.lanes", 1));
    }

    /** One case: its failure report, or null when it passed (or was left out). */
    private interface LaneCase {
        String run(int lane, int index) throws IOException, InterruptedException;
    }

    /**
     * Case {@code i} runs in lane {@code i % lanes}, each lane on its own thread in index order; all
     * stop once {@link #MAX_FAILURES} cases failed. Failures come back in case order.
     */
    private static List<String> inLanes(int lanes, int count, LaneCase body) throws IOException, InterruptedException {
        AtomicInteger failed = new AtomicInteger();
        String[] reports = new String[count];
        ExecutorService pool = Executors.newFixedThreadPool(lanes);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int l = 0; l < lanes; l++) {
                int lane = l;
                running.add(pool.submit(() -> {
                    for (int i = lane; i < count && failed.get() < MAX_FAILURES; i += lanes) {
                        reports[i] = body.run(lane, i);
                        if (reports[i] != null) {
                            failed.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : running) {
                f.get();
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        List<String> failures = new ArrayList<>();
        for (String r : reports) {
            if (r != null) {
                failures.add(r);
            }
        }
        return failures;
    }

    /** Replays every corpus line of one side ({@code req} or {@code resp}). */
    public static List<String> replayCorpus(String frontEnd, int requestPort, WireOrigin origin, int responsePort)
            throws IOException, InterruptedException {
        List<String> failures = new ArrayList<>();
        RequestDesyncCheck requests = new RequestDesyncCheck(requestPort, origin);
        ResponseDesyncCheck responses = new ResponseDesyncCheck(responsePort, true);
        for (String line : corpus()) {
            List<String> v = line.startsWith("req ")
                    ? requests.run(DesyncCase.fromLine(line))
                    : responses.run(ResponseCase.fromLine(line));
            if (!v.isEmpty()) {
                failures.add(frontEnd + ": corpus case failed\n  " + line + "\n  - " + String.join("\n  - ", v));
            }
        }
        return failures;
    }

    /** The corpus lines (comments and blank lines left out). */
    public static List<String> corpus() throws IOException {
        List<String> lines = new ArrayList<>();
        try (InputStream in = DesyncFuzzer.class.getResourceAsStream(CORPUS_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("corpus resource " + CORPUS_RESOURCE + " is missing");
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII));
            String line;
            while ((line = r.readLine()) != null) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    lines.add(line);
                }
            }
        }
        return lines;
    }

    private static String failed(String frontEnd, String line, List<String> violations) {
        log.warn("desync case failed on {}: {}", frontEnd, line);
        addToCorpus(line);
        return frontEnd + ": replay with the corpus line\n  " + line + "\n  - " + String.join("\n  - ", violations);
    }

    private static synchronized void addToCorpus(String line) {
        Path file = corpusFile();
        if (file == null) {
            log.warn(
                    "corpus file {} not found from {}; add the line by hand",
                    CORPUS_SOURCE,
                    System.getProperty("user.dir"));
            return;
        }
        try {
            if (!Files.readAllLines(file, StandardCharsets.US_ASCII).contains(line)) {
                Files.writeString(file, line + "\n", StandardCharsets.US_ASCII, StandardOpenOption.APPEND);
            }
        } catch (IOException e) {
            log.warn("could not add to the corpus {}: {}", file, e.toString());
        }
    }

    private static Path corpusFile() {
        String given = System.getProperty("fuzz.corpus");
        if (given != null) {
            return Path.of(given);
        }
        for (Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(CORPUS_SOURCE);
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
