package io.proxybench.gatling;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs {@code GatlingRun} in its own JVM, as the kit does, and reads the figures it writes. */
final class GatlingChild {

    record Result(int exitCode, Path resultsDir, JsonNode figures, String stdout, String stderr) {

        JsonNode phase(String name) {
            for (JsonNode phase : figures.get("phases")) {
                if (phase.get("name").asText().equals(name)) {
                    return phase;
                }
            }
            throw new AssertionError("no phase " + name + " in " + figures);
        }
    }

    private GatlingChild() {}

    static Result run(Path resultsDir, Path home, String simulation, Map<String, String> properties)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(
                "-Xmx512m",
                "-XX:+UseParallelGC",
                "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "-Duser.home=" + home,
                "-Djava.io.tmpdir=" + resultsDir.resolve(".tmp")));
        properties.forEach((k, v) -> command.add("-D" + k + "=" + v));
        command.addAll(List.of(
                "-cp",
                classpath(),
                "io.proxybench.gatling.run.GatlingRun",
                "-s",
                simulation,
                "-rf",
                resultsDir.toString()));
        Files.createDirectories(resultsDir.resolve(".tmp"));
        Path out = resultsDir.resolveSibling(resultsDir.getFileName() + ".out");
        Path err = resultsDir.resolveSibling(resultsDir.getFileName() + ".err");
        Process process = new ProcessBuilder(command)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("Gatling still running after 60 s: " + Files.readString(err));
        }
        Path figuresFile = resultsDir.resolve("figures.json");
        JsonNode figures = Files.isRegularFile(figuresFile) ? new ObjectMapper().readTree(figuresFile.toFile()) : null;
        return new Result(
                process.exitValue(),
                resultsDir,
                figures,
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private static String classpath() throws IOException {
        String classes = System.getProperty("proxybench.gatlingClasses");
        String file = System.getProperty("proxybench.gatlingClasspath");
        if (classes == null || file == null) {
            throw new IllegalStateException("run through Maven: proxybench.gatlingClasses/gatlingClasspath not set");
        }
        return classes + File.pathSeparator + Files.readString(Path.of(file)).trim();
    }
}
