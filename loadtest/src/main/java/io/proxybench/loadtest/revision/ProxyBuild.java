package io.proxybench.loadtest.revision;

import io.proxybench.loadtest.plan.FrontEndKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Builds one proxy module in a checkout of the repository; a failure is an {@link IOException} whose
 * message says what failed. The kit's own is Maven; tests give one that does not run Maven.
 */
@FunctionalInterface
public interface ProxyBuild {

    /** How long a build may take before it counts as failed. */
    long TIMEOUT_MINUTES = 30;

    /** The environment variable that replaces the Maven command; {@code {module}} becomes the proxy's module. */
    String COMMAND_VARIABLE = "PROXYBENCH_REVISION_BUILD";

    /** The Maven command: the proxy module and what it needs from the same checkout, without tests. */
    String DEFAULT_COMMAND = "mvn -B -q -DskipTests package -pl {module} -am";

    /** Builds {@code proxy-<kind>} in {@code checkout}, writing the build's output to {@code log}. */
    void build(Path checkout, FrontEndKind kind, Path log) throws IOException;

    /** Maven, or the command in {@value #COMMAND_VARIABLE}. */
    static ProxyBuild maven() {
        return (checkout, kind, log) -> {
            String template = System.getenv(COMMAND_VARIABLE);
            String text = template == null || template.isBlank() ? DEFAULT_COMMAND : template;
            List<String> command = new ArrayList<>();
            for (String word : text.trim().split("\\s+")) {
                command.add(word.replace("{module}", "proxy-" + kind.id()));
            }
            Process process = new ProcessBuilder(command)
                    .directory(checkout.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            process.getOutputStream().close();
            try {
                if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                    process.destroyForcibly().waitFor();
                    throw new IOException(String.join(" ", command) + " took over " + TIMEOUT_MINUTES + " minutes");
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while building", e);
            }
            if (process.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " exited with " + process.exitValue());
            }
        };
    }
}
