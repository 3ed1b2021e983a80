package io.proxybench.core.route;

/** One origin server, {@code host:port}. */
public record OriginAddress(String host, int port) {

    public OriginAddress {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("origin host is empty");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("origin port out of range: " + port);
        }
    }

    /** Parses {@code host:port} or {@code [v6]:port}. */
    public static OriginAddress parse(String text) {
        String s = text.trim();
        int colon = s.lastIndexOf(':');
        if (colon <= 0 || colon == s.length() - 1) {
            throw new IllegalArgumentException("origin must be host:port, got '" + text + "'");
        }
        String host = s.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(s.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("origin port is not a number in '" + text + "'");
        }
        return new OriginAddress(host, port);
    }

    /** The value of a {@code Host} header naming this origin. */
    public String authority() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    @Override
    public String toString() {
        return authority();
    }
}
