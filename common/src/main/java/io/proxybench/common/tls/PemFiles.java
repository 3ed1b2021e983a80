package io.proxybench.common.tls;

import java.nio.file.Path;

/**
 * Where {@link ThrowAwayPki#write} put its files, each in PEM.
 *
 * @param certificateChain the server's certificate, then the CA's ({@code server-chain.pem})
 * @param privateKey       the server's unencrypted PKCS#8 key ({@code server-key.pem}, owner-only)
 * @param caCertificate    the CA's certificate, the one thing clients trust ({@code ca.pem})
 * @param keyType          the type of the server's (and the CA's) key
 */
public record PemFiles(Path certificateChain, Path privateKey, Path caCertificate, KeyType keyType) {}
