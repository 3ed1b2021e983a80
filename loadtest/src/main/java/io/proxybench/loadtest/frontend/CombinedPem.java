package io.proxybench.loadtest.frontend;

import io.proxybench.common.tls.PemFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The run's certificate chain and key in one PEM file ({@code {{tls.pem}}}), for a server that reads
 * them together, as HAProxy's {@code crt} does: owner-only, as the key itself is.
 */
final class CombinedPem {

    static final String FILE_NAME = "server-chain-and-key.pem";

    private CombinedPem() {}

    /** Writes the chain then the key into {@code dir}; the file's path. */
    static Path write(PemFiles pem, Path dir) throws IOException {
        Path combined = dir.toAbsolutePath().resolve(FILE_NAME);
        Files.deleteIfExists(combined);
        Files.createFile(combined, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        String chain = Files.readString(pem.certificateChain());
        Files.writeString(combined, chain + (chain.endsWith("\n") ? "" : "\n") + Files.readString(pem.privateKey()));
        return combined;
    }
}
