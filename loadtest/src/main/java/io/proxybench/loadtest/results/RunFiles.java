package io.proxybench.loadtest.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/**
 * The files of one run directory, {@code <out>/<run-id>/}, named in this one place
 * (docs/results-format.md): what the run writes, what the report adds, and the raw directories.
 */
public record RunFiles(String runId, Path dir) {

    public static final String RUN_JSON = "run.json";
    public static final String STEPS_JSON = "steps.json";
    public static final String RESULTS_CSV = "results.csv";
    public static final String SAMPLES_CSV = "samples.csv";
    public static final String REPORT_MD = "report.md";
    public static final String REPORT_HTML = "report.html";
    public static final String CHARTS = "charts";
    public static final String RAW = "raw";
    public static final String PLAN_YAML = "plan.yaml";

    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final SecureRandom RANDOM = new SecureRandom();

    /** An existing run directory, as {@code report} and {@code compare} read it; the id is its name. */
    public static RunFiles of(Path dir) {
        Path name = dir.getFileName();
        return new RunFiles(name == null ? dir.toString() : name.toString(), dir);
    }

    /** A new run's directory, named {@code yyyyMMdd-HHmmss-<4 hex>} (UTC) under {@code out}; not created yet. */
    public static RunFiles named(Path out, ZonedDateTime now) {
        byte[] suffix = new byte[2];
        RANDOM.nextBytes(suffix);
        String runId = ID_TIME.format(now.withZoneSameInstant(ZoneOffset.UTC)) + "-"
                + HexFormat.of().formatHex(suffix);
        return new RunFiles(runId, out.resolve(runId).toAbsolutePath());
    }

    public void create() throws IOException {
        Files.createDirectories(dir.resolve(RAW));
    }

    /** The plan as it ran, in the run file format. */
    public Path planYaml() {
        return dir.resolve(PLAN_YAML);
    }

    public Path runJson() {
        return dir.resolve(RUN_JSON);
    }

    public Path stepsJson() {
        return dir.resolve(STEPS_JSON);
    }

    public Path resultsCsv() {
        return dir.resolve(RESULTS_CSV);
    }

    public Path samplesCsv() {
        return dir.resolve(SAMPLES_CSV);
    }

    public Path reportMd() {
        return dir.resolve(REPORT_MD);
    }

    public Path reportHtml() {
        return dir.resolve(REPORT_HTML);
    }

    public Path charts() {
        return dir.resolve(CHARTS);
    }

    /** {@code raw/<name>/} of one front end (its label made safe as a directory name); not created. */
    public Path raw(String directoryName) {
        return dir.resolve(RAW).resolve(directoryName);
    }

    /** The path as run.json records it: relative to the run directory. */
    public String relative(Path path) {
        return dir.relativize(path.toAbsolutePath()).toString();
    }
}
