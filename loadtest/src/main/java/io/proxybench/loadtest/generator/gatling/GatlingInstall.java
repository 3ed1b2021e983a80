package io.proxybench.loadtest.generator.gatling;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The Gatling module as its build leaves it: {@code loadtest/gatling/target/loadtest-gatling.jar}
 * and {@code target/gatling.classpath}, its runtime classpath (Gatling, Scala, Netty), written at
 * build time so that Gatling never reaches the kit's own classpath.
 * {@code -Dproxybench.gatling.dir=DIR} points at another module directory.
 */
public record GatlingInstall(Path moduleDir) {

    public static final String DIR_PROPERTY = "proxybench.gatling.dir";

    public static GatlingInstall under(Path kitHome) {
        String override = System.getProperty(DIR_PROPERTY);
        Path dir = override != null && !override.isBlank() ? Path.of(override) : kitHome.resolve("loadtest/gatling");
        return new GatlingInstall(dir.toAbsolutePath().normalize());
    }

    public Path jar() {
        return moduleDir.resolve("target/loadtest-gatling.jar");
    }

    public Path classpathFile() {
        return moduleDir.resolve("target/gatling.classpath");
    }

    /** Why it cannot run: a file the build should have left is missing. */
    public Optional<String> missing() {
        for (Path needed : new Path[] {jar(), classpathFile()}) {
            if (!Files.isRegularFile(needed)) {
                return Optional.of(
                        "Gatling module not built (no " + needed + "): run 'mvn -B -q install' in " + moduleDir);
            }
        }
        return Optional.empty();
    }

    /** The module's jar, then its dependencies. */
    public String classpath() throws IOException {
        String dependencies =
                Files.readString(classpathFile(), StandardCharsets.UTF_8).trim();
        return jar() + (dependencies.isEmpty() ? "" : File.pathSeparator + dependencies);
    }
}
