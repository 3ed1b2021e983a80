package io.proxybench.loadtest.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a short administrative command ({@code ip}, {@code tc}, {@code ssh ... true}) to completion.
 * An interface so that topologies can be checked against a recording fake without root.
 */
@FunctionalInterface
public interface CommandRunner {

    /** Exit code used when the command was killed for outliving its time limit. */
    int TIMED_OUT = -1;

    /** Exit code and the command's stdout and stderr together. */
    record Result(int exitCode, String output) {
        public boolean ok() {
            return exitCode == 0;
        }

        /** The output on one line, for error messages. */
        public String oneLine() {
            return output.strip().replaceAll("\\s*\\R\\s*", "; ");
        }
    }

    Result run(List<String> command) throws IOException;

    /** Runs the command as a child process; one that outlives {@code timeout} is killed. */
    static CommandRunner processes(Duration timeout) {
        return command -> {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            ByteArrayOutputStream output = new ByteArrayOutputStream();
            Thread reader = new Thread(
                    () -> {
                        try (InputStream in = process.getInputStream()) {
                            in.transferTo(output);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    },
                    "command-output");
            reader.setDaemon(true);
            reader.start();
            try {
                boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
                if (!finished) {
                    process.destroyForcibly().waitFor();
                }
                reader.join(1_000);
                String text = output.toString(StandardCharsets.UTF_8);
                return finished
                        ? new Result(process.exitValue(), text)
                        : new Result(TIMED_OUT, "timed out after " + timeout.toMillis() + " ms; " + text);
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while running " + String.join(" ", command), e);
            }
        };
    }
}
