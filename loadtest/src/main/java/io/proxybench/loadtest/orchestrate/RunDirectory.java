package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.plan.FrontEndSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/** {@code <out>/<run-id>/} and its {@code raw/<front end>/} directories. */
public record RunDirectory(String runId, Path dir) {

    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final SecureRandom RANDOM = new SecureRandom();

    /** A new run's directory, named {@code yyyyMMdd-HHmmss-<4 hex>} (UTC) under {@code out}; not created yet. */
    public static RunDirectory named(Path out, ZonedDateTime now) {
        byte[] suffix = new byte[2];
        RANDOM.nextBytes(suffix);
        String runId = ID_TIME.format(now.withZoneSameInstant(ZoneOffset.UTC)) + "-" + HexFormat.of().formatHex(suffix);
        return new RunDirectory(runId, out.resolve(runId).toAbsolutePath());
    }

    public void create() throws IOException {
        Files.createDirectories(dir.resolve("raw"));
    }

    public Path raw(FrontEndSpec spec) throws IOException {
        return Files.createDirectories(dir.resolve("raw").resolve(spec.directoryName()));
    }

    /** The path recorded in run.json: relative to the run directory. */
    public String relative(Path path) {
        return dir.relativize(path.toAbsolutePath()).toString();
    }
}
