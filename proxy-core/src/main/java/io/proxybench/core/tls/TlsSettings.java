package io.proxybench.core.tls;

import io.proxybench.core.config.ConfigException;
import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.config.ProxyConfigKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The client port's TLS settings as both front ends read them ({@code tls.*}).
 *
 * @param certificateChain PEM file of the server's certificate chain
 * @param privateKey       PEM file of its key (PKCS#8)
 * @param protocols        {@link #TLS13} and/or {@link #TLS12}, in the order given
 * @param resumption       sessions may be resumed (tickets and cache)
 * @param handshakeTimeout longest handshake
 */
public record TlsSettings(
        Path certificateChain, Path privateKey, List<String> protocols, boolean resumption, Duration handshakeTimeout) {

    public static final String TLS13 = "TLSv1.3";
    public static final String TLS12 = "TLSv1.2";
    /** The one application protocol offered in ALPN: neither front end speaks HTTP/2. */
    public static final String ALPN_HTTP11 = "http/1.1";

    public TlsSettings {
        protocols = List.copyOf(protocols);
    }

    /**
     * The settings when {@code tls.enabled} is true, empty otherwise; refuses, naming the key, a
     * certificate or key file that is not given or cannot be read.
     */
    public static Optional<TlsSettings> from(ProxyConfig config) {
        if (!config.get(ProxyConfigKeys.TLS_ENABLED)) {
            return Optional.empty();
        }
        return Optional.of(new TlsSettings(
                readableFile(config, ProxyConfigKeys.TLS_CERT.name(), config.get(ProxyConfigKeys.TLS_CERT)),
                readableFile(config, ProxyConfigKeys.TLS_KEY.name(), config.get(ProxyConfigKeys.TLS_KEY)),
                config.get(ProxyConfigKeys.TLS_PROTOCOLS),
                config.get(ProxyConfigKeys.TLS_RESUMPTION),
                config.get(ProxyConfigKeys.TLS_HANDSHAKE_TIMEOUT)));
    }

    /** The cipher suites allowed for {@link #protocols}. */
    public List<String> ciphers() {
        return StrongCiphers.forProtocols(protocols);
    }

    private static Path readableFile(ProxyConfig config, String key, String value) {
        if (value.isBlank()) {
            throw new ConfigException("tls.enabled=true needs " + key + " (a PEM file)");
        }
        Path file = Path.of(value);
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new ConfigException("cannot read " + key + " " + value + " (from "
                    + config.sources().get(key) + ")");
        }
        return file;
    }
}
