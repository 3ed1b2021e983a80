package io.proxybench.loadtest.generator.wrk;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The kit's wrk script as a file that exists before any run directory does, so that a run whose
 * generator is on another box can ship it there with the jars (same name, same checksum every run:
 * a box that has it already gets no copy). Written once per kit process, under the temporary
 * directory, and removed when the process ends.
 */
public final class WrkScriptFile {

    private static Path file;

    private WrkScriptFile() {}

    /** The script's path here; the commands for a remote box name it and are rewritten to its shipped copy. */
    public static synchronized Path shippable() {
        if (file != null && Files.isRegularFile(file)) {
            return file;
        }
        try {
            Path dir = Files.createTempDirectory("proxybench-wrk");
            Path script = dir.resolve(WrkGenerator.SCRIPT_NAME);
            copyTo(script);
            script.toFile().deleteOnExit();
            dir.toFile().deleteOnExit();
            file = script;
            return script;
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot write the wrk script to the temporary directory: " + e.getMessage(), e);
        }
    }

    /** Writes the script from the kit's jar to {@code target}. */
    static void copyTo(Path target) throws IOException {
        try (InputStream in = WrkGenerator.class.getResourceAsStream(WrkGenerator.SCRIPT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(WrkGenerator.SCRIPT_RESOURCE + " missing from the kit's jar");
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
