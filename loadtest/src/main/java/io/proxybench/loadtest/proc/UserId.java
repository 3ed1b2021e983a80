package io.proxybench.loadtest.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether the kit runs as root: what network namespaces and link shaping need. */
public final class UserId {

    private UserId() {}

    /** The effective user id from /proc/self/status, or -1 when it cannot be read. */
    public static int effective() {
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
