package io.proxybench.loadtest.proc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Real /proc files, captured on a 2-core box one second apart while wrk loaded stub-origin. */
public final class ProcFixtures {

    private ProcFixtures() {}

    public static String read(String name) {
        try (InputStream in = ProcFixtures.class.getResourceAsStream("/proc/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource /proc/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
