package io.proxybench.loadgen.http;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Where the load goes: an {@code http://} or {@code https://host:port/path} URL.
 *
 * @param host       host as written in the URL (brackets removed for IPv6)
 * @param port       TCP port
 * @param path       path and query, {@code /} when the URL has none
 * @param hostHeader value of the {@code Host} header, {@code host:port} as wrk sends it
 * @param https      the connections speak TLS
 */
public record Target(String host, int port, String path, String hostHeader, boolean https) {

    /**
     * @throws IllegalArgumentException with a one-line reason when {@code url} is not an http or https URL
     */
    public static Target parse(String url) {
        URI uri;
        try {
            uri = new URI(url.trim());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("'" + url + "' is not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("'" + url + "' is not an http:// or https:// URL");
        }
        boolean https = scheme.equals("https");
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("'" + url + "' names no host");
        }
        if (uri.getUserInfo() != null || uri.getFragment() != null) {
            throw new IllegalArgumentException(
                    "'" + url + "' carries user info or a fragment; give host, port and path only");
        }
        String host = uri.getHost();
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port = uri.getPort() < 0 ? (https ? 443 : 80) : uri.getPort();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        if (uri.getRawQuery() != null) {
            path = path + "?" + uri.getRawQuery();
        }
        String hostHeader = (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        return new Target(host, port, path, hostHeader, https);
    }

    /**
     * The address to connect to. Load goes only to loopback unless the host is explicitly allowed
     * (a network namespace the kit made itself).
     *
     * @throws IllegalArgumentException when the host does not resolve or is neither loopback nor allowed
     */
    public InetAddress resolve(String allowedHost) {
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot resolve host '" + host + "'");
        }
        boolean allowed = allowedHost != null
                && (allowedHost.equalsIgnoreCase(host) || allowedHost.equals(address.getHostAddress()));
        if (!address.isLoopbackAddress() && !allowed) {
            throw new IllegalArgumentException("target " + host + " (" + address.getHostAddress()
                    + ") is not a loopback address; name it with --allow-host to load it anyway");
        }
        return address;
    }

    @Override
    public String toString() {
        return (https ? "https://" : "http://") + hostHeader + path;
    }
}
