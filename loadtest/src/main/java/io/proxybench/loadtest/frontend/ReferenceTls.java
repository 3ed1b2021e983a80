package io.proxybench.loadtest.frontend;

import io.proxybench.common.tls.PemFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The TLS part of nginx's and HAProxy's configuration on a {@code --tls} run: the run's certificate
 * and key, TLS 1.2 and 1.3 only, and the run's resumption policy, as the JVM proxies get them.
 *
 * @param certificateChain the server's certificate then the CA's (PEM)
 * @param privateKey       its key (PEM)
 * @param resumption       whether clients may resume sessions (tickets and the server's cache)
 */
public record ReferenceTls(Path certificateChain, Path privateKey, boolean resumption) {

    static ReferenceTls of(PemFiles pem, boolean resumption) {
        return new ReferenceTls(
                pem.certificateChain().toAbsolutePath(), pem.privateKey().toAbsolutePath(), resumption);
    }

    /**
     * HAProxy's {@code crt} file: the chain and the key in one PEM, in {@code dir}, owner-only as the
     * key itself is.
     */
    Path writeCombined(Path dir) throws IOException {
        Path combined = dir.toAbsolutePath().resolve("server-chain-and-key.pem");
        Files.deleteIfExists(combined);
        Files.createFile(combined, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        String chain = Files.readString(certificateChain);
        Files.writeString(combined, chain + (chain.endsWith("\n") ? "" : "\n") + Files.readString(privateKey));
        return combined;
    }
}
