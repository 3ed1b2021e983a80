package io.proxybench.core.conformance.desync;

import io.proxybench.core.conformance.wire.WireOrigin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

/**
 * Drives the request-side and response-side desync checks over seeded cases and the corpus.
 * {@code -Dfuzz.cases=N} sets how many generated cases run per side (default
 * {@value #DEFAULT_REQUEST_CASES} and {@value #DEFAULT_RESPONSE_CASES}; {@code -Dfuzz.responseCases}
 * sets the origin-answer side alone), {@code -Dfuzz.seed=S} the seed. A failing case is logged as its replayable line and appended to the corpus file
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

    private DesyncFuzzer() {
    }

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

    /** Runs {@code count} generated request streams; returns the failures, each as a report. */
    public static List<String> fuzzRequests(String frontEnd, int proxyPort, WireOrigin origin, int count)
            throws IOException, InterruptedException {
        return fuzzRequests(frontEnd, proxyPort, origin, count, true);
    }

    /**
     * As {@link #fuzzRequests(String, int, WireOrigin, int)}; without {@code halfCloseCases} the
     * cases whose client half-closes are generated but not run (for a proxy that, by design,
     * abandons a client's requests when it half-closes, as nginx does).
     */
    public static List<String> fuzzRequests(String frontEnd, int proxyPort, WireOrigin origin, int count,
                                            boolean halfCloseCases) throws IOException, InterruptedException {
        RequestDesyncCheck check = new RequestDesyncCheck(proxyPort, origin);
        List<String> failures = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < count && failures.size() < MAX_FAILURES; i++) {
            DesyncCase c = RequestStreamGenerator.generate(seed() * 1_000_003L + i);
            if (c.halfClose() && !halfCloseCases) {
                continue;
            }
            List<String> v = check.run(c);
            if (!v.isEmpty()) {
                failures.add(failed(frontEnd, c.toLine(), v));
            }
        }
        log.info("desync fuzz ({}): {} request cases, seed {}, {} failing, {} ms", frontEnd, count, seed(),
                failures.size(), (System.nanoTime() - start) / 1_000_000);
        return failures;
    }

    /** Runs {@code count} generated origin answers through a proxy holding one origin connection. */
    public static List<String> fuzzResponses(String frontEnd, int proxyPort, int count) throws IOException {
        return fuzzResponses(frontEnd, proxyPort, count, true);
    }

    /**
     * As {@link #fuzzResponses(String, int, int)}; without {@code strict}, forwarding an answer
     * whose framing the proxy resolved one way (say, the last of two Content-Lengths) is not counted,
     * only what desynchronises: leftovers, unparseable or wrongly framed bytes at the client.
     */
    public static List<String> fuzzResponses(String frontEnd, int proxyPort, int count, boolean strict)
            throws IOException {
        ResponseDesyncCheck check = new ResponseDesyncCheck(proxyPort, strict);
        List<String> failures = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < count && failures.size() < MAX_FAILURES; i++) {
            ResponseCase c = ResponseCase.generate(seed() * 1_000_033L + i);
            List<String> v = check.run(c);
            if (!v.isEmpty()) {
                failures.add(failed(frontEnd, c.toLine(), v));
            }
        }
        log.info("desync fuzz ({}): {} response cases, seed {}, {} failing, {} ms", frontEnd, count, seed(),
                failures.size(), (System.nanoTime() - start) / 1_000_000);
        return failures;
    }

    /** Replays every corpus line of one side ({@code req} or {@code resp}). */
    public static List<String> replayCorpus(String frontEnd, int requestPort, WireOrigin origin, int responsePort)
            throws IOException, InterruptedException {
        List<String> failures = new ArrayList<>();
        RequestDesyncCheck requests = new RequestDesyncCheck(requestPort, origin);
        ResponseDesyncCheck responses = new ResponseDesyncCheck(responsePort, true);
        for (String line : corpus()) {
            List<String> v = line.startsWith("req ") ? requests.run(DesyncCase.fromLine(line))
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
            log.warn("corpus file {} not found from {}; add the line by hand", CORPUS_SOURCE, System.getProperty("user.dir"));
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
