package io.proxybench.netty.support;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts a class's {@code main} in a JVM of its own with this one's class path (errors to {@code stderr}). */
public final class ChildJvm {

    private ChildJvm() {}

    public static Process start(Class<?> main, ProcessBuilder.Redirect stderr, String... args) throws IOException {
        return start(List.of(), main, stderr, args);
    }

    /** @param jvmOptions options for the child's JVM, before the class name, after its heap limit */
    public static Process start(List<String> jvmOptions, Class<?> main, ProcessBuilder.Redirect stderr, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(stderr).start();
    }
}
