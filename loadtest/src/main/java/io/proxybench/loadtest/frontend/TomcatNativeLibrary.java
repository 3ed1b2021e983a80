package io.proxybench.loadtest.frontend;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether Tomcat's APR connector can run here: the kit cannot load libtcnative-1 in its own JVM (the
 * proxy's JVM is the one that loads it), so it looks for the file where the proxy's JVM will look:
 * java.library.path and {@link JvmProxyLauncher#TCNATIVE_DIR}, which the launcher adds.
 */
public final class TomcatNativeLibrary {

    public static final String PACKAGE = "libtcnative-1";

    private TomcatNativeLibrary() {}

    public static boolean installed() {
        List<Path> dirs = new ArrayList<>();
        for (String dir : System.getProperty("java.library.path", "").split(File.pathSeparator)) {
            if (!dir.isBlank()) {
                dirs.add(Path.of(dir));
            }
        }
        dirs.add(JvmProxyLauncher.TCNATIVE_DIR);
        return installedIn(dirs);
    }

    static boolean installedIn(List<Path> dirs) {
        String file = System.mapLibraryName("tcnative-1");
        return dirs.stream().anyMatch(d -> Files.exists(d.resolve(file)));
    }
}
