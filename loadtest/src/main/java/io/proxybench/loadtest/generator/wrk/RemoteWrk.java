package io.proxybench.loadtest.generator.wrk;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * wrk on another box writes its summary at the run directory's path there, as the built-in
 * generator writes its logs; that directory exists only on the kit's disk, so the command creates
 * it first. The kit then fetches the summary (wrk's stdout and stderr come back over ssh by themselves).
 */
final class RemoteWrk {

    private RemoteWrk() {}

    /** {@code sh -c 'mkdir -p "$0" && exec "$@"' DIR WRK ARGS...}: the same process, once the directory is there. */
    static List<String> creatingDir(Path dir, List<String> wrk) {
        List<String> out = new ArrayList<>(List.of(
                "sh",
                "-c",
                "mkdir -p \"$0\" && exec \"$@\"",
                dir.toAbsolutePath().toString()));
        out.addAll(wrk);
        return out;
    }
}
