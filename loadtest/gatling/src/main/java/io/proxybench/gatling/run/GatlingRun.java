package io.proxybench.gatling.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.gatling.app.Gatling$;
import io.proxybench.gatling.LoadSettings;
import io.proxybench.gatling.PhaseTimes;
import io.proxybench.gatling.report.GatlingHtmlReport;
import io.proxybench.gatling.report.ReportFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Runs one simulation the way the kit needs it: Gatling with no outside contact ({@link Sandbox}),
 * then the report's figures, phase by phase, as one JSON file the kit reads.
 *
 * <pre>
 * java -cp ... -Dproxybench.baseUrl=... -Dproxybench.steps=... io.proxybench.gatling.run.GatlingRun \
 *      -s io.proxybench.gatling.KeepAliveRampSimulation -rf RESULTS_DIR [any other Gatling flag]
 * </pre>
 *
 * The figures go to {@code -Dproxybench.figuresFile} (default {@code RESULTS_DIR/figures.json}); the
 * last stdout line is {@code figures file=PATH}. Exit code: Gatling's (1 when it crashed); 2 for bad
 * settings; 3 when Gatling ran but its report could not be read.
 */
public final class GatlingRun {

    static final String FIGURES_FILE = LoadSettings.PREFIX + "figuresFile";
    static final int EXIT_BAD_SETTINGS = 2;
    static final int EXIT_NO_FIGURES = 3;
    static final int EXIT_CRASHED = 1;

    private GatlingRun() {}

    public static void main(String[] args) {
        System.exit(run(args));
    }

    static int run(String[] args) {
        Path resultsDir;
        String simulation;
        LoadSettings settings;
        try {
            resultsDir = Path.of(flag(args, "-rf", "--results-folder")).toAbsolutePath();
            simulation = flag(args, "-s", "--simulation");
            settings = LoadSettings.fromSystemProperties();
        } catch (IllegalArgumentException e) {
            System.err.println("gatling run: " + e.getMessage());
            return EXIT_BAD_SETTINGS;
        }
        Path figuresFile = Path.of(System.getProperty(
                FIGURES_FILE, resultsDir.resolve("figures.json").toString()));
        try {
            Files.createDirectories(resultsDir.resolve(".native"));
        } catch (IOException e) {
            System.err.println("gatling run: cannot create " + resultsDir + ": " + e.getMessage());
            return EXIT_BAD_SETTINGS;
        }
        Sandbox.apply(resultsDir);
        if (settings.tls()) {
            try {
                TrustedCa.apply(settings.caCertificate(), resultsDir.resolve(".tmp"));
            } catch (IOException | GeneralSecurityException e) {
                System.err.println("gatling run: cannot read " + LoadSettings.PREFIX + "caCertificate "
                        + settings.caCertificate() + ": " + e.getMessage());
                return EXIT_BAD_SETTINGS;
            }
        }
        long started = System.currentTimeMillis();
        int exitCode;
        try {
            exitCode = Gatling$.MODULE$.fromArgs(args);
        } catch (RuntimeException e) {
            System.err.println("gatling run: Gatling failed: " + e);
            return EXIT_CRASHED;
        }
        try {
            Optional<Path> reportDir = newestReport(resultsDir, started);
            if (reportDir.isEmpty()) {
                System.err.println("gatling run: no report in " + resultsDir + " (Gatling exit code " + exitCode + ")");
                return exitCode != 0 ? exitCode : EXIT_NO_FIGURES;
            }
            GatlingHtmlReport report = GatlingHtmlReport.read(reportDir.get());
            RunFigures figures = new RunFigures(
                    RunFigures.FORMAT,
                    gatlingVersion(),
                    simulation,
                    exitCode,
                    resultsDir.relativize(reportDir.get()).toString(),
                    FiguresBuilder.phases(report, PhaseTimes::span));
            write(figures, figuresFile);
            System.out.println("figures file=" + figuresFile);
            return exitCode;
        } catch (IOException | ReportFormatException e) {
            System.err.println("gatling run: cannot read the report: " + e.getMessage());
            return exitCode != 0 ? exitCode : EXIT_NO_FIGURES;
        }
    }

    static void write(RunFigures figures, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path tmp = Files.createTempFile(parent, ".figures", ".json");
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(tmp.toFile(), figures);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The report this run wrote: the newest directory with an index.html, made after the start. */
    static Optional<Path> newestReport(Path resultsDir, long startedEpochMs) throws IOException {
        try (Stream<Path> dirs = Files.list(resultsDir)) {
            List<Path> reports = dirs.filter(d -> Files.isRegularFile(d.resolve("index.html")))
                    .filter(d -> modified(d) >= startedEpochMs - 1000)
                    .sorted(Comparator.comparingLong(GatlingRun::modified).reversed())
                    .toList();
            return reports.stream().findFirst();
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    static String flag(String[] args, String shortName, String longName) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(shortName) || args[i].equals(longName)) {
                return args[i + 1];
            }
        }
        throw new IllegalArgumentException(shortName + " is required");
    }

    private static String gatlingVersion() {
        String version = Gatling$.class.getPackage().getImplementationVersion();
        return version == null ? "unknown" : version;
    }
}
