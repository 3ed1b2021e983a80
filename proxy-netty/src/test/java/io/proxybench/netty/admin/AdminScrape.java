package io.proxybench.netty.admin;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.admin.AdminEndpoints;
import io.proxybench.netty.NettyProxyServer;
import io.proxybench.netty.support.TestProxies;
import io.proxybench.origin.StubOrigin;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A proxy with one proxied request behind it, then a scrape of every route a monitor reads (not the
 * close-idle POST, whose closing of origin connections is the proxy's own work): run in a JVM
 * of its own by {@link AdminPortCodecTest}, which watches the classes it loads between the two.
 * Prints {@link #PROXIED} after the request, one {@code admin <method> <path> <status>} line per
 * admin request and {@link #SCRAPED} at the end.
 */
public final class AdminScrape {

    static final String PROXIED = "--- proxied";
    static final String SCRAPED = "--- scraped";

    private AdminScrape() {}

    public static void main(String[] args) throws Exception {
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer proxy = TestProxies.start(Map.of("routes", TestProxies.routeTo(origin.port())))) {
            System.out.println("proxied GET / " + status(proxy.port(), "GET", "/"));
            // The client's connection ends after the response (its half-close reaches the request decoder as an
            // event): part of the proxied request, so it must be over before the marker.
            Eventually.until(
                    "the proxied client's connection has ended",
                    () -> proxy.metrics().clientConnectionsActive().getCount() == 0);
            System.out.println(PROXIED);
            for (String path : new String[] {
                AdminEndpoints.HEALTH,
                AdminEndpoints.METRICS,
                AdminEndpoints.JVM_METRICS,
                AdminEndpoints.PROMETHEUS,
                AdminEndpoints.RESOLVED,
                "/nothing-here"
            }) {
                System.out.println("admin GET " + path + " " + status(proxy.adminPort(), "GET", path));
            }
            System.out.println("admin HEAD /health " + status(proxy.adminPort(), "HEAD", AdminEndpoints.HEALTH));
            System.out.println(SCRAPED);
        }
    }

    /** The status code of one request on a connection of its own, read to its end. */
    private static int status(int port, String method, String path) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            OutputStream out = s.getOutputStream();
            out.write((method + " " + path
                            + " HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            String head = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            return head.startsWith("HTTP/1.1 ") ? Integer.parseInt(head.substring(9, 12)) : -1;
        }
    }
}
