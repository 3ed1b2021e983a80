package io.proxybench.core.route;

import java.util.ArrayList;
import java.util.List;

/** A path prefix and the origins that serve it. */
public record Route(String prefix, OriginGroup origins) {

    public Route {
        if (prefix == null || !prefix.startsWith("/")) {
            throw new IllegalArgumentException("route prefix must start with '/', got '" + prefix + "'");
        }
    }

    /** Parses {@code /prefix=host:port[,host:port...]}. */
    public static Route parse(String text) {
        int eq = text.indexOf('=');
        if (eq < 0) {
            throw new IllegalArgumentException("route must be PREFIX=HOST:PORT[,HOST:PORT], got '" + text + "'");
        }
        String prefix = text.substring(0, eq).trim();
        List<OriginAddress> origins = new ArrayList<>();
        for (String part : text.substring(eq + 1).split(",")) {
            if (!part.isBlank()) {
                origins.add(OriginAddress.parse(part));
            }
        }
        return new Route(prefix, new OriginGroup(origins));
    }

    /** True when {@code path} is the prefix itself or lies below it on a segment boundary. */
    public boolean matches(String path) {
        if (!path.startsWith(prefix)) {
            return false;
        }
        return path.length() == prefix.length() || prefix.endsWith("/") || path.charAt(prefix.length()) == '/';
    }

    @Override
    public String toString() {
        return prefix + "=" + origins;
    }
}
