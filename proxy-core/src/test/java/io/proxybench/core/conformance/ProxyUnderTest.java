package io.proxybench.core.conformance;

import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.tls.TlsClient;
import io.proxybench.core.server.ProxyServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Map;

/** A started front end and the ways a case talks to it. */
public final class ProxyUnderTest implements AutoCloseable {

    private final ProxyServer server;
    private final Map<String, String> settings;
    /** Null when the client port speaks plain HTTP. */
    private final TlsClient tls;

    public ProxyUnderTest(ProxyServer server, Map<String, String> settings) {
        this(server, settings, null);
    }

    /** @param tls the client for a TLS client port; null for plain HTTP */
    public ProxyUnderTest(ProxyServer server, Map<String, String> settings, TlsClient tls) {
        this.server = server;
        this.settings = settings;
        this.tls = tls;
    }

    public int port() {
        return server.port();
    }

    public int adminPort() {
        return server.adminPort();
    }

    /** The settings the suite layered over the front end's defaults and profile, for failure messages. */
    public Map<String, String> settings() {
        return settings;
    }

    /** A new client connection to the proxy port, over TLS 1.3 when the port speaks TLS. */
    public RawHttpConnection connect() throws IOException {
        return tls == null ? RawHttpConnection.open(port()) : RawHttpConnection.over(tls.connect(port(), "TLSv1.3"));
    }

    /** A new connected socket to the proxy port, handshaken when the port speaks TLS. */
    public Socket openSocket() throws IOException {
        if (tls != null) {
            return tls.connect(port(), "TLSv1.3");
        }
        Socket socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(new InetSocketAddress("127.0.0.1", port()), 3000);
        return socket;
    }

    /** One request on a connection of its own. */
    public RawResponse exchange(RawRequest request) throws IOException {
        try (RawHttpConnection c = connect()) {
            return c.exchange(request);
        }
    }

    /** {@code GET path} on the admin port. */
    public RawResponse admin(String path) throws IOException {
        try (RawHttpConnection c = RawHttpConnection.open(adminPort())) {
            return c.exchange(RawRequest.get(path).header("Connection", "close"));
        }
    }

    public MetricsView metrics() throws IOException {
        RawResponse r = admin("/metrics");
        if (r.status() != 200) {
            throw new AssertionError("GET /metrics on the admin port answered " + r);
        }
        return MetricsView.parse(r.body());
    }

    public ProxyServer server() {
        return server;
    }

    @Override
    public void close() {
        server.close();
    }
}
