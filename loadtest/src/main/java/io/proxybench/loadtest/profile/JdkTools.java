package io.proxybench.loadtest.profile;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Where the JDK's command-line tools are: the JDK the front ends run on first, then the kit's own. */
final class JdkTools {

    private JdkTools() {}

    static Optional<Path> jcmd(Path javaHome) {
        Path kitHome = Path.of(System.getProperty("java.home"));
        for (Path home : javaHome == null ? List.of(kitHome) : List.of(javaHome, kitHome)) {
            Path jcmd = home.resolve("bin").resolve("jcmd");
            if (Files.isExecutable(jcmd)) {
                return Optional.of(jcmd);
            }
        }
        return Optional.empty();
    }
}
