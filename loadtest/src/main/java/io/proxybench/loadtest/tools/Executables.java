package io.proxybench.loadtest.tools;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Finds programs the kit runs (wrk, nginx) the way a shell would, plus the sbin directories. */
public final class Executables {

    private Executables() {
    }

    public static Optional<Path> find(String name) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(File.pathSeparator)));
        }
        // nginx lives in sbin, which a non-login PATH may lack
        dirs.addAll(List.of("/usr/local/sbin", "/usr/sbin", "/sbin"));
        for (String dir : dirs) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
