package io.proxybench.loadtest.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The system calls one front end's processes made during one measured step ({@code --profile
 * syscalls}), as {@code syscalls-<step>.json} in its raw directory: how many in all, and how many of
 * each call the kit counts by name. The file says whose and which step it is, so a report finds every
 * one under {@code raw/} without a step record naming it. This one type writes and reads the file.
 *
 * @param frontEnd    the front end's label
 * @param connections the step
 * @param repeat      which repeat (1 in a run without repeats)
 * @param requests    the requests the generator counted in the step, what the counts are divided by
 * @param calls       {@link #ALL} first, then each named call, in the order counted
 */
public record SyscallCounts(String frontEnd, int connections, int repeat, long requests, Map<String, Long> calls) {

    /** The format's name and version, the first field of every file. */
    public static final String FORMAT = "proxybench-syscalls/1";
    /** Every system call, named or not. */
    public static final String ALL = "all";

    private static final String PREFIX = "syscalls-";
    private static final String SUFFIX = ".json";

    public SyscallCounts {
        calls = Collections.unmodifiableMap(new LinkedHashMap<>(calls));
    }

    /** The file name of a step's counts: {@code syscalls-700.json}. */
    public static String fileName(String stepName) {
        return PREFIX + stepName + SUFFIX;
    }

    /** {@code call}'s count per request; null when it was not counted or there were no requests. */
    public Double perRequest(String call) {
        Long n = calls.get(call);
        return n == null || requests <= 0 ? null : (double) n / requests;
    }

    public void write(Path file) throws IOException {
        ObjectNode root = FlatLayout.JSON.createObjectNode();
        root.put("format", FORMAT)
                .put("frontEnd", frontEnd)
                .put("connections", connections)
                .put("repeat", repeat)
                .put("requests", requests);
        ObjectNode counts = root.putObject("calls");
        calls.forEach(counts::put);
        AtomicFiles.write(file, FlatLayout.JSON.writeValueAsString(root) + "\n");
    }

    public static SyscallCounts read(Path file) throws ResultsFormatException {
        JsonNode root = ResultsReader.readJson(file);
        if (root == null
                || !FORMAT.equals(root.path("format").asText())
                || !root.path("calls").isObject()
                || !root.path("frontEnd").isTextual()
                || !root.path("connections").canConvertToInt()) {
            throw new ResultsFormatException(file + " is not a step's system call counts (" + FORMAT + ")");
        }
        Map<String, Long> calls = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.get("calls").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().canConvertToLong()) {
                throw new ResultsFormatException(file + ": the count of " + e.getKey() + " is not a number");
            }
            calls.put(e.getKey(), e.getValue().asLong());
        }
        return new SyscallCounts(
                root.get("frontEnd").asText(),
                root.get("connections").asInt(),
                root.path("repeat").asInt(1),
                root.path("requests").asLong(),
                calls);
    }

    /**
     * Every step's counts under {@code rawRoot} (a run's {@code raw/}), in no set order; none without
     * the directory.
     */
    public static List<SyscallCounts> under(Path rawRoot) throws ResultsFormatException {
        List<SyscallCounts> out = new ArrayList<>();
        if (!Files.isDirectory(rawRoot)) {
            return out;
        }
        try (Stream<Path> files = Files.walk(rawRoot)) {
            for (Path file : files.filter(SyscallCounts::isCountsFile).toList()) {
                out.add(read(file));
            }
        } catch (IOException e) {
            throw e instanceof ResultsFormatException r ? r : new ResultsFormatException("cannot list " + rawRoot, e);
        }
        return out;
    }

    private static boolean isCountsFile(Path file) {
        String name = file.getFileName().toString();
        return name.startsWith(PREFIX) && name.endsWith(SUFFIX) && Files.isRegularFile(file);
    }
}
