package io.proxybench.loadtest.topology;

import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Six hex digits that name what one run creates in its places (namespaces, state on a remote box),
 * fresh for every run so that concurrent runs never collide.
 */
public final class ShortRunId {

    private static final SecureRandom RANDOM = new SecureRandom();

    private ShortRunId() {}

    public static String next() {
        byte[] bytes = new byte[3];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }
}
