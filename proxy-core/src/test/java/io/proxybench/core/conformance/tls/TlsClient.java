package io.proxybench.core.conformance.tls;

import io.proxybench.common.tls.ThrowAwayPki;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import java.io.IOException;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSocket;

/**
 * A JDK TLS client that trusts only one CA and checks that the server's certificate names the
 * address it connected to. One client keeps its session cache across connections to the same
 * address and port, so a second connection offers to resume the first one's session.
 */
public final class TlsClient {

    public static final String HOST = "127.0.0.1";

    private final SSLContext context;

    public TlsClient(X509Certificate ca) throws IOException, GeneralSecurityException {
        context = SSLContext.getInstance("TLS");
        context.init(null, ThrowAwayPki.trusting(ca).getTrustManagers(), null);
    }

    /**
     * What one exchange over a new connection saw.
     *
     * @param resumed the handshake resumed a session of an earlier connection (see {@link #resumed})
     */
    public record Exchange(RawResponse response, String protocol, String cipherSuite, String alpn, boolean resumed) {}

    /** A new connection offering only {@code protocol}, handshaken, with ALPN {@code http/1.1} offered. */
    public SSLSocket connect(int port, String protocol) throws IOException {
        // Host and port given here, not later: they are the key of the client's session cache.
        SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket(HOST, port);
        SSLParameters params = socket.getSSLParameters();
        params.setProtocols(new String[] {protocol});
        params.setApplicationProtocols(new String[] {"http/1.1"});
        params.setEndpointIdentificationAlgorithm("HTTPS");
        socket.setSSLParameters(params);
        socket.setSoTimeout((int) RawHttpConnection.DEFAULT_DEADLINE.toMillis());
        socket.startHandshake();
        return socket;
    }

    /** {@code request} on a connection of its own, offering only {@code protocol}. */
    public Exchange exchange(int port, String protocol, RawRequest request) throws IOException {
        long startMillis = System.currentTimeMillis();
        SSLSocket socket = connect(port, protocol);
        try (RawHttpConnection connection = RawHttpConnection.over(socket)) {
            RawResponse response = connection.exchange(request);
            SSLSession session = socket.getSession();
            return new Exchange(
                    response,
                    session.getProtocol(),
                    session.getCipherSuite(),
                    socket.getApplicationProtocol(),
                    resumed(session, startMillis));
        }
    }

    /**
     * Whether {@code session}, which a client's handshake begun at {@code startMillis} ended with, was
     * resumed. The JDK tells neither side; a resumed session keeps the creation time of the handshake
     * that made it, earlier than this connection's start, while a new one is made during this handshake.
     * A session made in the same millisecond as the next connection starts counts as new, so a test
     * never sees a resumption that did not happen.
     */
    public static boolean resumed(SSLSession session, long startMillis) {
        return session.getCreationTime() < startMillis;
    }
}
