package io.proxybench.loadtest.plan;

import io.proxybench.common.units.ByteSizeSyntax;

/**
 * Sizes in bytes on the kit's command line, read by {@link ByteSizeSyntax}, the rule the proxies and
 * the stub origin follow too: {@code 1024}, {@code 1KiB}, {@code 2MiB} (binary multiples); at most 64MiB.
 */
public final class ByteSizeParser {

    private static final long MAX_BYTES = 64L * 1024 * 1024;

    private ByteSizeParser() {}

    public static int parse(String text, String where) throws PlanException {
        long bytes;
        try {
            bytes = ByteSizeSyntax.parse(text);
        } catch (IllegalArgumentException e) {
            throw new PlanException(where + ": " + e.getMessage());
        }
        if (bytes > MAX_BYTES) {
            throw new PlanException(where + ": '" + text.trim() + "' is larger than 64MiB");
        }
        return (int) bytes;
    }
}
