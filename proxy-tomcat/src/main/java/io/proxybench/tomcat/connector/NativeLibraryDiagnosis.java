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
    private static final String OR_OTHER = ", or choose another connector with " + OTHER_CONNECTOR;

    /** Where distributions put libtcnative-1, beyond java.library.path. */
    private static final List<String> USUAL_DIRS = List.of(
            "/usr/lib/x86_64-linux-gnu",
            "/usr/lib/aarch64-linux-gnu",
            "/usr/lib64",
            "/usr/lib",
            "/usr/local/lib",
            "/usr/local/apr/lib",
            "/opt/homebrew/lib");

    private NativeLibraryDiagnosis() {}

    /**
     * Loads libtcnative-1 the way Tomcat will (by name, from java.library.path) before Tomcat tries,
     * so that a missing library ends in this class's one-line answer rather than Tomcat's log lines.
     * Loading twice is harmless: the JVM keeps one copy per class loader.
     */
    public static void requireLoadable() {
        if (!loadable()) {
            throw new IllegalStateException(explain());
        }
    }

    /**
     * Whether libtcnative-1 loads in this JVM, by the same call Tomcat makes. A failed attempt is
     * not remembered by the JVM (unlike Tomcat's own APR check), so asking never spoils a later start.
     */
    public static boolean loadable() {
        try {
            System.loadLibrary("tcnative-1");
            return true;
        } catch (UnsatisfiedLinkError e) {
            return false;
        }
    }

    public static String explain() {
        return reason() + OR_OTHER;
    }

    /** Why the library cannot load, without the advice to pick another connector. */
    public static String reason() {
        return reason(System.getProperty("java.library.path", ""), USUAL_DIRS);
    }

    static String explain(String javaLibraryPath, List<String> usualDirs) {
        return reason(javaLibraryPath, usualDirs) + OR_OTHER;
    }

    static String reason(String javaLibraryPath, List<String> usualDirs) {
        String file = System.mapLibraryName("tcnative-1");
        Path onPath = find(file, List.of(javaLibraryPath.split(File.pathSeparator)));
        if (onPath != null) {
            return "the APR connector could not use the Tomcat native library " + onPath + " (package " + PACKAGE + ")"
                    + " (see the log above); reinstall it with 'apt-get install --reinstall " + PACKAGE + "'";
        }
        Path elsewhere = find(file, usualDirs);
        if (elsewhere != null) {
            return "the APR connector needs the Tomcat native library (package " + PACKAGE + "), which is installed in "
                    + elsewhere.getParent()
                    + " but this JVM does not search there (java.library.path=" + javaLibraryPath
                    + "): start java with -Djava.library.path="
                    + elsewhere.getParent();
        }
        return "the APR connector needs the Tomcat native library (" + file
                + "), which is not installed: install it with 'apt-get install -y " + PACKAGE + "'";
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
