package io.proxybench.core.config;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The key names each front end reserves for settings only it has. Only the names live here; each
 * front end defines its own keys (type, default, meaning) and its profiles. This is what lets one
 * config file tune both front ends: each accepts the other's keys and ignores them with one log
 * line, while a key in no namespace and not common (a typo, say) is still refused.
 */
public enum FrontEndNamespace {
    NETTY(
            "proxy-netty",
            "netty.*",
            "workers.*",
            "eventloop.*",
            "server.transport",
            "server.acceptors",
            "server.deferAccept"),
    TOMCAT("proxy-tomcat", "tomcat.*");

    private final String frontEnd;
    private final List<String> patterns;

    FrontEndNamespace(String frontEnd, String... patterns) {
        this.frontEnd = frontEnd;
        this.patterns = List.of(patterns);
    }

    /** The front end's name as its launcher prints it, e.g. {@code proxy-netty}. */
    public String frontEnd() {
        return frontEnd;
    }

    /** Exact names, or {@code prefix.*} for every name under a prefix. */
    public List<String> patterns() {
        return patterns;
    }

    public boolean owns(String key) {
        for (String p : patterns) {
            if (p.endsWith(".*") ? key.startsWith(p.substring(0, p.length() - 1)) : key.equals(p)) {
                return true;
            }
        }
        return false;
    }

    /** The front end whose namespace holds {@code key}; empty for common keys and unknown names. */
    public static Optional<FrontEndNamespace> ownerOf(String key) {
        return Arrays.stream(values()).filter(n -> n.owns(key)).findFirst();
    }
}
