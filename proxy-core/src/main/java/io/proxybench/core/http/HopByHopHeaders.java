package io.proxybench.core.http;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Removes the headers that describe one connection rather than the message (RFC 9110 §7.6.1), so
 * that a proxy never forwards them to the next hop.
 */
public final class HopByHopHeaders {

    /** Always connection-specific, whatever {@code Connection} says. */
    public static final Set<String> FIXED = Set.of(
            "connection",
            "keep-alive",
            "proxy-connection",
            "te",
            "trailer",
            "transfer-encoding",
            "upgrade",
            "proxy-authenticate",
            "proxy-authorization");

    /** Up to this many Connection tokens are compared one by one; more are looked up in a set. */
    private static final int FEW_TOKENS = 8;

    private HopByHopHeaders() {}

    /**
     * Strips the fixed hop-by-hop headers and every header that {@code Connection} names, in one
     * pass over the headers. {@code Transfer-Encoding} is included: each hop frames the body itself.
     */
    public static void strip(Headers headers) {
        List<String> named = connectionTokens(headers);
        headers.removeIf(named.isEmpty() ? HopByHopHeaders::isFixed : fixedOrNamedIn(named));
    }

    /**
     * A client may name every header of its head in {@code Connection}: compared pairwise that is
     * headers × tokens string compares per request (millions at the largest allowed head), so a
     * long list is hashed and the strip stays one pass.
     */
    private static Predicate<String> fixedOrNamedIn(List<String> lowerCaseTokens) {
        if (lowerCaseTokens.size() <= FEW_TOKENS) {
            return name -> isFixed(name) || namedIn(lowerCaseTokens, name);
        }
        Set<String> tokens = new HashSet<>(lowerCaseTokens);
        return name -> isFixed(name) || tokens.contains(name.toLowerCase(Locale.ROOT));
    }

    /** Whether {@code name} is always hop-by-hop; dispatches on length so most names cost one compare. */
    public static boolean isFixed(String name) {
        return switch (name.length()) {
            case 2 -> name.equalsIgnoreCase("te");
            case 7 -> name.equalsIgnoreCase("trailer") || name.equalsIgnoreCase("upgrade");
            case 10 -> name.equalsIgnoreCase("connection") || name.equalsIgnoreCase("keep-alive");
            case 16 -> name.equalsIgnoreCase("proxy-connection");
            case 17 -> name.equalsIgnoreCase("transfer-encoding");
            case 18 -> name.equalsIgnoreCase("proxy-authenticate");
            case 19 -> name.equalsIgnoreCase("proxy-authorization");
            default -> false;
        };
    }

    private static boolean namedIn(List<String> lowerCaseTokens, String name) {
        for (String token : lowerCaseTokens) {
            if (token.equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    /** The header names listed in every {@code Connection} header, lower case. */
    public static List<String> connectionTokens(Headers headers) {
        List<String> values = headers.getAll("Connection");
        if (values.isEmpty()) {
            return List.of();
        }
        List<String> tokens = new ArrayList<>(2);
        for (String value : values) {
            for (String token : value.split(",")) {
                String t = token.trim().toLowerCase(Locale.ROOT);
                if (!t.isEmpty()) {
                    tokens.add(t);
                }
            }
        }
        return tokens;
    }

    /**
     * The first header {@code Connection} names that frames or routes the message (Content-Length,
     * Transfer-Encoding, Host), or {@code null}. Stripping such a header as hop-by-hop would forward
     * the body unframed or the request unrouted, so a proxy refuses the request instead.
     */
    public static String namedFramingHeader(Headers headers) {
        for (String token : connectionTokens(headers)) {
            if (isFramingOrRouting(token)) {
                return token;
            }
        }
        return null;
    }

    /** Whether {@code name} is Content-Length, Transfer-Encoding or Host (any case). */
    public static boolean isFramingOrRouting(String name) {
        return name.equalsIgnoreCase("content-length")
                || name.equalsIgnoreCase("transfer-encoding")
                || name.equalsIgnoreCase("host");
    }

    /** True when a {@code Connection} header carries the {@code close} token. */
    public static boolean requestsClose(Headers headers) {
        return connectionTokens(headers).contains("close");
    }
}
