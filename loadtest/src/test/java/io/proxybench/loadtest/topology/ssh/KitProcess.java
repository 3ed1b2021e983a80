package io.proxybench.loadtest.topology.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.process.KitLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code proxybench run} as a process of its own under a command prefix ({@code ip netns exec NS}),
 * so that the kit, too, sits on a box: its ssh clients, forwards and samplers all start from there.
 * It runs the test's own classes (the kit's jar is built only after the tests) with the checkout as
 * its home, as the launcher would.
 */
final class KitProcess {

    private static final String MAIN = "io.proxybench.loadtest.cli.ProxybenchMain";
    private static final long LIMIT_SECONDS = 180;

    private KitProcess() {}

    /** Runs the kit to its end and returns its run directory under {@code out}; fails on a non-zero exit. */
    static Path run(List<String> prefix, Path home, Path out, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + KitLayout.HOME_PROPERTY + "=" + home,
                "-cp",
                System.getProperty("java.class.path"),
                MAIN,
                "run",
                "--out",
                out.toString()));
        command.addAll(List.of(args));
        Files.createDirectories(out);
        Path log = out.resolveSibling(out.getFileName() + ".log");
        Process kit = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            boolean ended = kit.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS);
            assertThat(ended)
                    .as("the kit ended within %d s; its output:%n%s", LIMIT_SECONDS, tail(log))
                    .isTrue();
            assertThat(kit.exitValue()).as("exit code; output:%n%s", tail(log)).isZero();
        } finally {
            if (kit.isAlive()) {
                kit.destroy();
                if (!kit.waitFor(10, TimeUnit.SECONDS)) {
                    kit.destroyForcibly();
                }
            }
        }
        try (Stream<Path> dirs = Files.list(out)) {
            return dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }
}
