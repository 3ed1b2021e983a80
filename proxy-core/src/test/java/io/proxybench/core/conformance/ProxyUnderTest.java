package io.proxybench.core.conformance;

import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.server.ProxyServer;
import java.io.IOException;
import java.util.Map;

/** A started front end and the ways a case talks to it. */
public final class ProxyUnderTest implements AutoCloseable {

    private final ProxyServer server;
    private final Map<String, String> settings;

    public ProxyUnderTest(ProxyServer server, Map<String, String> settings) {
        this.server = server;
        this.settings = settings;
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

    /** A new client connection to the proxy port. */
    public RawHttpConnection connect() throws IOException {
        return RawHttpConnection.open(port());
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
