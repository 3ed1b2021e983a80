package io.proxybench.loadtest.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The sample results directory (the reference write-up's Tomcat and Netty figures at 700..2000
 * connections) copied to a scratch directory, with helpers to alter its steps.
 */
public final class SampleRun {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;

    private SampleRun(Path dir) {
        this.dir = dir;
    }

    public static Path sourceDir() {
        try {
            return Path.of(SampleRun.class
                            .getResource("/results-sample/run.json")
                            .toURI())
                    .getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Copies the sample into {@code target} (created) and returns a handle on the copy. */
    public static SampleRun copyTo(Path target) {
        try (Stream<Path> files = Files.walk(sourceDir())) {
            for (Path from : files.toList()) {
                Path to = target.resolve(sourceDir().relativize(from).toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(from, to);
                }
            }
            return new SampleRun(target);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path dir() {
        return dir;
    }

    /** Applies {@code change} to the step of {@code frontEnd} at {@code connections} in steps.json. */
    public SampleRun editStep(String frontEnd, int connections, Consumer<ObjectNode> change) {
        editSteps(steps -> {
            for (var node : steps) {
                if (node.get("frontEnd").asText().equals(frontEnd)
                        && node.get("connections").asInt() == connections) {
                    change.accept((ObjectNode) node);
                    return;
                }
            }
            throw new IllegalArgumentException("no step " + frontEnd + "@" + connections);
        });
        return this;
    }

    public SampleRun editSteps(Consumer<ArrayNode> change) {
        try {
            Path file = dir.resolve("steps.json");
            ArrayNode steps = (ArrayNode) JSON.readTree(file.toFile());
            change.accept(steps);
            JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), steps);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Applies {@code change} to run.json. */
    public SampleRun editRun(Consumer<ObjectNode> change) {
        try {
            Path file = dir.resolve("run.json");
            ObjectNode run = (ObjectNode) JSON.readTree(file.toFile());
            change.accept(run);
            JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), run);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Multiplies a numeric field ({@code latency.p90Ms} style paths allowed) by {@code factor}. */
    public SampleRun scale(String frontEnd, int connections, String field, double factor) {
        return editStep(frontEnd, connections, step -> {
            ObjectNode holder = step;
            String name = field;
            int dot = field.indexOf('.');
            if (dot > 0) {
                holder = (ObjectNode) step.get(field.substring(0, dot));
                name = field.substring(dot + 1);
            }
            holder.put(name, holder.get(name).asDouble() * factor);
        });
    }

    /** Marks a step failed the way the run half does: reason set, figures null. */
    public SampleRun fail(String frontEnd, int connections, String reason) {
        return editStep(frontEnd, connections, step -> {
            step.put("status", "failed");
            step.put("failure", reason);
            for (String f : new String[] {
                "requests",
                "rps",
                "cpuPct",
                "loadAvg",
                "runQueue",
                "ctxSwPerSec",
                "netMbps",
                "proxyCpuUsPerReq",
                "gcMsPerSec",
                "pctOfCeiling",
                "latency",
                "errors"
            }) {
                step.putNull(f);
            }
        });
    }
}
