package io.proxybench.netty.tls;

import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;
import java.util.List;
import java.util.Locale;

/**
 * The TLS engine of the client port: OpenSSL (netty-tcnative's statically linked BoringSSL) or the
 * JDK's own. {@code auto} is OpenSSL where its native library loads.
 */
public enum TlsProvider {
    OPENSSL("openssl", SslProvider.OPENSSL_REFCNT),
    JDK("jdk", SslProvider.JDK);

    public static final String AUTO = "auto";
    /** As {@code netty.tls.provider} accepts them. */
    public static final List<String> CONFIG_NAMES = List.of(AUTO, "openssl", "jdk");

    private final String configName;
    private final SslProvider netty;

    TlsProvider(String configName, SslProvider netty) {
        this.configName = configName;
        this.netty = netty;
    }

    public String configName() {
        return configName;
    }

    SslProvider netty() {
        return netty;
    }

    /**
     * The provider {@code asked} names; {@code auto} is OpenSSL when it is available, else the JDK's.
     *
     * @throws IllegalStateException when OpenSSL is asked for by name and cannot be loaded
     */
    public static TlsProvider select(String asked) {
        String name = asked.toLowerCase(Locale.ROOT);
        if (name.equals(JDK.configName)) {
            return JDK;
        }
        if (OpenSsl.isAvailable()) {
            return OPENSSL;
        }
        if (name.equals(OPENSSL.configName)) {
            throw new IllegalStateException("netty.tls.provider=openssl, but netty-tcnative's OpenSSL cannot be loaded"
                    + " on this machine (" + OpenSsl.unavailabilityCause() + "): use netty.tls.provider=jdk or auto");
        }
        return JDK;
    }

    /** The library behind the provider, e.g. {@code BoringSSL} or {@code JDK 17.0.15}. */
    public String library() {
        return this == OPENSSL ? OpenSsl.versionString() : "JDK " + Runtime.version();
    }
}
