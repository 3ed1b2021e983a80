package io.proxybench.loadtest.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the programs the kit runs (wrk, nginx, ip, tc, ...) the way a shell would: the one lookup on
 * PATH for the whole kit, plus the sbin directories a non-login PATH leaves out.
 */
public final class Executables {

    private Executables() {}

    public static Optional<Path> find(String name) {
        List<String> dirs = new ArrayList<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(File.pathSeparator)));
        }
        // nginx, haproxy, ip and tc live in sbin, which a non-login PATH may lack; a PATH that names an
        // sbin directory is taken as it is, so that a tool can be hidden from the kit by PATH alone
        if (dirs.stream().noneMatch(d -> d.endsWith("/sbin"))) {
            dirs.addAll(List.of("/usr/local/sbin", "/usr/sbin", "/sbin"));
        }
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
