package io.proxybench.loadtest.topology;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Finds the system tools a topology drives, and whether the kit runs as root. */
final class HostTools {

    // Tools like ip and tc live in sbin, which a non-login shell's PATH may leave out.
    private static final List<String> EXTRA_DIRS = List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin");

    private HostTools() {
    }

    /** Absolute path of an executable on PATH (or in the sbin directories). */
    static Optional<Path> find(String tool) {
        Set<String> dirs = new LinkedHashSet<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(":")));
        }
        dirs.addAll(EXTRA_DIRS);
        for (String dir : new ArrayList<>(dirs)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, tool);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** The effective user id from /proc/self/status, or -1 when it cannot be read. */
    static int effectiveUid() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return Integer.parseInt(line.substring(4).trim().split("\\s+")[1]);
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
