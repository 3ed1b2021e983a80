package io.proxybench.loadgen.tls;

import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.ssl.ApplicationProtocolConfig;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.ReferenceCountedOpenSslEngine;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.internal.tcnative.SSL;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Locale;
import javax.net.ssl.SSLEngine;

/**
 * The generator's TLS client: TLS 1.3 and 1.2, ALPN {@code http/1.1}, trusting only the CA it is
 * given. The certificate chain is checked, the name is not: the load goes to an address the kit
 * chose, and the run's CA signed nothing but that run's server certificate.
 *
 * <p>With resumption, each handler is made for the target's host and port, which keys the context's
 * client session cache: a new connection offers the session (or ticket) of an earlier one, as a
 * browser returning to a site does. Without, the handler has no peer, so nothing is cached or offered
 * and every handshake is full whatever the server allows.
 */
public final class ClientTls {

    /** Which engine runs the client's handshakes. */
    public enum Provider {
        /** OpenSSL where netty-tcnative's BoringSSL loads, else the JDK's. */
        AUTO,
        OPENSSL,
        JDK;

        /** {@code auto}, {@code openssl} or {@code jdk}. */
        public static Provider of(String text) {
            try {
                return valueOf(text.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("TLS provider must be auto, openssl or jdk, got '" + text + "'");
            }
        }
    }

    private final SslContext context;
    private final boolean openSsl;
    private final boolean resumption;
    private final String host;
    private final int port;

    private ClientTls(SslContext context, boolean openSsl, boolean resumption, String host, int port) {
        this.context = context;
        this.openSsl = openSsl;
        this.resumption = resumption;
        this.host = host;
        this.port = port;
    }

    /**
     * A client for {@code host:port} trusting only the CA in {@code caPem}.
     *
     * @throws IllegalArgumentException with a one-line reason (unreadable CA, OpenSSL asked for and missing)
     */
    public static ClientTls create(Path caPem, Provider provider, boolean resumption, String host, int port) {
        boolean openSsl = switch (provider) {
            case AUTO -> OpenSsl.isAvailable();
            case OPENSSL -> {
                if (!OpenSsl.isAvailable()) {
                    throw new IllegalArgumentException(
                            "TLS provider openssl does not load here: " + OpenSsl.unavailabilityCause());
                }
                yield true;
            }
            case JDK -> false;
        };
        try {
            SslContext context = SslContextBuilder.forClient()
                    .sslProvider(openSsl ? SslProvider.OPENSSL : SslProvider.JDK)
                    .trustManager(readCertificate(caPem))
                    .protocols("TLSv1.3", "TLSv1.2")
                    .endpointIdentificationAlgorithm(null)
                    .applicationProtocolConfig(new ApplicationProtocolConfig(
                            ApplicationProtocolConfig.Protocol.ALPN,
                            ApplicationProtocolConfig.SelectorFailureBehavior.NO_ADVERTISE,
                            ApplicationProtocolConfig.SelectedListenerFailureBehavior.ACCEPT,
                            "http/1.1"))
                    .build();
            return new ClientTls(context, openSsl, resumption, host, port);
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot trust the CA in " + caPem + ": " + e.getMessage());
        }
    }

    private static X509Certificate readCertificate(Path pem) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(pem)) {
            return (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    /** {@code openssl} or {@code jdk}: the engine in use. */
    public String provider() {
        return openSsl ? "openssl" : "jdk";
    }

    public boolean resumption() {
        return resumption;
    }

    /** A handler for one new connection. */
    public SslHandler newHandler(ByteBufAllocator alloc) {
        return resumption ? context.newHandler(alloc, host, port) : context.newHandler(alloc);
    }

    /**
     * Whether {@code handler}'s finished handshake resumed a session: OpenSSL says so; the JDK's engine
     * does not, so there a session made before the connection began ({@code startMillis}) was resumed.
     */
    public boolean resumed(SslHandler handler, long startMillis) {
        SSLEngine engine = handler.engine();
        if (engine instanceof ReferenceCountedOpenSslEngine openSslEngine) {
            return SSL.isSessionReused(openSslEngine.sslPointer());
        }
        return engine.getSession().getCreationTime() < startMillis;
    }
}
