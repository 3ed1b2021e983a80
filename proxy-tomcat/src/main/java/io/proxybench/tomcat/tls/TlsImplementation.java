package io.proxybench.tomcat.tls;

import io.proxybench.tomcat.connector.ConnectorKind;
import java.util.List;
import java.util.Locale;

/** Who runs the client connector's TLS: OpenSSL through the Tomcat native library, or the JDK's JSSE. */
public enum TlsImplementation {
    OPENSSL,
    JSSE;

    public static final String AUTO = "auto";
    /** As {@code tomcat.tls.implementation} accepts them. */
    public static final List<String> CONFIG_NAMES = List.of(AUTO, "openssl", "jsse");

    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * {@code auto}: OpenSSL on APR (its only choice), JSSE on NIO and NIO2.
     *
     * @throws IllegalArgumentException for JSSE on APR
     */
    public static TlsImplementation resolve(String asked, ConnectorKind kind) {
        String name = asked.toLowerCase(Locale.ROOT);
        if (name.equals(AUTO)) {
            return kind == ConnectorKind.APR ? OPENSSL : JSSE;
        }
        TlsImplementation chosen = valueOf(name.toUpperCase(Locale.ROOT));
        if (chosen == JSSE && kind == ConnectorKind.APR) {
            throw new IllegalArgumentException(
                    "tomcat.tls.implementation=jsse: the apr connector runs TLS in OpenSSL only; use nio or nio2");
        }
        return chosen;
    }
}
