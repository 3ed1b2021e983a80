package io.proxybench.loadtest.sysctl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs one of the sysctl/ scripts and keeps what it printed. */
record ScriptRun(int exitCode, String stdout, String stderr) {

    static final Path SCRIPTS = Path.of("..", "sysctl").toAbsolutePath().normalize();

    /**
     * @param root the /proc/sys stand-in ({@code PROXYBENCH_SYSCTL_ROOT}), or null for the real one
     * @param prefix words before {@code bash script}, e.g. {@code ip netns exec NS}; may be empty
     */
    static ScriptRun run(Path root, List<String> prefix, String script, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(prefix);
        command.add("bash");
        command.add(SCRIPTS.resolve(script).toString());
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> env = builder.environment();
        env.remove("PROXYBENCH_SYSCTL_ROOT");
        if (root != null) {
            env.put("PROXYBENCH_SYSCTL_ROOT", root.toString());
        }
        Path out = Files.createTempFile("sysctl-script", ".out");
        Path err = Files.createTempFile("sysctl-script", ".err");
        try {
            Process process = builder.redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(script + " did not finish within 30 s");
            }
            return new ScriptRun(
                    process.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    static ScriptRun run(Path root, String script, String... args) throws IOException, InterruptedException {
        return run(root, List.of(), script, args);
    }

    /** The table row for a key: the line that starts with it. */
    String row(String key) {
        return stdout.lines()
                .filter(l -> l.startsWith(key + " "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row for " + key + " in:\n" + stdout));
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\nstdout:\n" + stdout + "stderr:\n" + stderr;
    }
}
