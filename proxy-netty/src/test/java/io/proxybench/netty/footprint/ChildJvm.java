package io.proxybench.netty.footprint;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts a class's {@code main} in a JVM of its own with this one's class path (errors to {@code stderr}). */
final class ChildJvm {

    private ChildJvm() {
    }

    static Process start(Class<?> main, ProcessBuilder.Redirect stderr, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(stderr).start();
    }
}
