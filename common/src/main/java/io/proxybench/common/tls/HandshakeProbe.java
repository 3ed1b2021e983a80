package io.proxybench.common.tls;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * What a TLS server really negotiates, read from real handshakes by the JDK's client: two
 * connections one after the other with one client session cache, so the second tells whether the
 * server lets a session be resumed. For run records, which must say what ran, not what was asked.
 *
 * <p>The first connection sends one request and reads its answer: a TLS 1.3 server on BoringSSL
 * (Netty's OpenSSL provider) holds its session ticket back until it writes application data, so
 * a probe that only shook hands would never be offered a session to resume.
 */
public final class HandshakeProbe {

    private static final int TIMEOUT_MS = 5000;

    private HandshakeProbe() {}

    /**
     * What two handshakes found.
     *
     * @param protocol    e.g. {@code TLSv1.3}
     * @param cipherSuite e.g. {@code TLS_AES_128_GCM_SHA256}
     * @param alpn        the application protocol agreed, empty when none
     * @param resumed     the second handshake resumed the first one's session
     */
    public record Negotiated(String protocol, String cipherSuite, String alpn, boolean resumed) {}

    /**
     * Connects twice to {@code host:port} trusting only {@code ca}, offering {@code protocol} (null:
     * the client's defaults) and ALPN {@code http/1.1}: the first connection sends {@code GET /} with
     * {@code Connection: close} and reads until the server closes; the second only shakes hands.
     */
    public static Negotiated probe(String host, int port, X509Certificate ca, String protocol)
            throws IOException, GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, ThrowAwayPki.trusting(ca).getTrustManagers(), null);
        Handshake first = handshake(context, host, port, protocol, true);
        Handshake second = handshake(context, host, port, protocol, false);
        return new Negotiated(
                first.session().getProtocol(),
                first.session().getCipherSuite(),
                first.alpn(),
                // The JDK tells no client whether it resumed: a resumed session keeps the creation
                // time of the handshake that made it, earlier than this connection's start.
                second.session().getCreationTime() < second.startMillis());
    }

    private record Handshake(SSLSession session, String alpn, long startMillis) {}

    private static Handshake handshake(SSLContext context, String host, int port, String protocol, boolean request)
            throws IOException {
        long start = System.currentTimeMillis();
        // Host and port given at creation: they key the client's session cache.
        try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket(host, port)) {
            socket.setSoTimeout(TIMEOUT_MS);
            SSLParameters params = socket.getSSLParameters();
            if (protocol != null) {
                params.setProtocols(new String[] {protocol});
            }
            params.setApplicationProtocols(new String[] {"http/1.1"});
            params.setEndpointIdentificationAlgorithm("HTTPS");
            socket.setSSLParameters(params);
            socket.startHandshake();
            if (request) {
                exchange(socket, host);
            }
            String alpn = socket.getApplicationProtocol();
            return new Handshake(socket.getSession(), alpn == null ? "" : alpn, start);
        }
    }

    /** One request and its whole answer: a ticket sent with the answer is taken in on the way. */
    private static void exchange(SSLSocket socket, String host) throws IOException {
        String authority = host.contains(":") ? "[" + host + "]" : host;
        OutputStream out = socket.getOutputStream();
        out.write(("GET / HTTP/1.1\r\nHost: " + authority + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[4096];
        try {
            while (in.read(buffer) >= 0) {
                // the answer itself does not matter, only what the TLS layer takes in with it
            }
        } catch (SocketTimeoutException e) {
            // a server that keeps the connection open despite Connection: close: its ticket came already
        }
    }
}
