package io.proxybench.loadtest.machine;

import java.nio.file.Path;
import java.util.List;

/** The source revision a run was made from: {@code abc1234}, {@code abc1234 (dirty)} or {@code unknown}. */
public final class GitRevision {

    private GitRevision() {}

    public static String of(Path repository) {
        String head = CommandOutput.of(repository, List.of("git", "rev-parse", "--short", "HEAD"))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .orElse("unknown");
        boolean dirty = CommandOutput.of(repository, List.of("git", "status", "--porcelain", "--untracked-files=no"))
                .map(s -> !s.isBlank())
                .orElse(false);
        return dirty ? head + " (dirty)" : head;
    }
}
