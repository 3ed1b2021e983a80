package io.proxybench.tomcat.connector;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Explains, in one line, why the APR connector cannot run: the library is missing, installed where
 * this JVM does not look (Temurin does not search Debian's multiarch directory), or present but
 * unloadable. Every answer names the package and the way to pick another connector.
 */
public final class NativeLibraryDiagnosis {

    public static final String PACKAGE = "libtcnative-1";
    public static final String OTHER_CONNECTOR = "--set tomcat.connector=nio";

    /** Where distributions put libtcnative-1, beyond java.library.path. */
    private static final List<String> USUAL_DIRS = List.of("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu",
            "/usr/lib64", "/usr/lib", "/usr/local/lib", "/usr/local/apr/lib", "/opt/homebrew/lib");

    private NativeLibraryDiagnosis() {
    }

    /**
     * Loads libtcnative-1 the way Tomcat will (by name, from java.library.path) before Tomcat tries,
     * so that a missing library ends in this class's one-line answer rather than Tomcat's log lines.
     * Loading twice is harmless: the JVM keeps one copy per class loader.
     */
    public static void requireLoadable() {
        try {
            System.loadLibrary("tcnative-1");
        } catch (UnsatisfiedLinkError e) {
            throw new IllegalStateException(explain());
        }
    }

    public static String explain() {
        return explain(System.getProperty("java.library.path", ""), USUAL_DIRS);
    }

    static String explain(String javaLibraryPath, List<String> usualDirs) {
        String file = System.mapLibraryName("tcnative-1");
        String orOther = ", or choose another connector with " + OTHER_CONNECTOR;
        Path onPath = find(file, List.of(javaLibraryPath.split(File.pathSeparator)));
        if (onPath != null) {
            return "the APR connector could not use the Tomcat native library " + onPath + " (package " + PACKAGE + ")"
                    + " (see the log above); reinstall it with 'apt-get install --reinstall " + PACKAGE + "'" + orOther;
        }
        Path elsewhere = find(file, usualDirs);
        if (elsewhere != null) {
            return "the APR connector needs the Tomcat native library (package " + PACKAGE + "), which is installed in " + elsewhere.getParent()
                    + " but this JVM does not search there (java.library.path=" + javaLibraryPath + "): start java with -Djava.library.path="
                    + elsewhere.getParent() + orOther;
        }
        return "the APR connector needs the Tomcat native library (" + file + "), which is not installed: install it with 'apt-get install -y "
                + PACKAGE + "'" + orOther;
    }

    private static Path find(String file, List<String> dirs) {
        List<Path> candidates = new ArrayList<>();
        for (String dir : dirs) {
            if (!dir.isBlank()) {
                candidates.add(Path.of(dir, file));
            }
        }
        for (Path p : candidates) {
            if (Files.exists(p)) {
                return p;
            }
        }
        return null;
    }
}
