package io.proxybench.gatling;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Set;

/**
 * Refuses any target that is not on this machine's loopback: a load generator pointed elsewhere by
 * a typo would load someone else's service. The one exception is an address the caller names in
 * {@code proxybench.allowedHosts}: the kit passes the address of a network namespace it created.
 */
final class LoopbackTarget {

    private LoopbackTarget() {}

    static URI check(String text, Set<String> allowedHosts) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(LoadSettings.PREFIX + "baseUrl: not a URL: '" + text + "'");
        }
        boolean knownScheme = "http".equals(uri.getScheme()) || "https".equals(uri.getScheme());
        if (!knownScheme || uri.getHost() == null || uri.getPort() < 1) {
            throw new IllegalArgumentException(LoadSettings.PREFIX
                    + "baseUrl: expected http://HOST:PORT or https://HOST:PORT, got '" + text + "'");
        }
        if (uri.getRawPath() != null
                && !uri.getRawPath().isEmpty()
                && !uri.getRawPath().equals("/")) {
            throw new IllegalArgumentException(LoadSettings.PREFIX + "baseUrl: give the path in " + LoadSettings.PREFIX
                    + "path, not in the URL: '" + text + "'");
        }
        if (allowedHosts.contains(uri.getHost())) {
            return uri;
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(uri.getHost());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(LoadSettings.PREFIX + "baseUrl: unknown host '" + uri.getHost() + "'");
        }
        for (InetAddress address : addresses) {
            if (!address.isLoopbackAddress()) {
                throw new IllegalArgumentException(LoadSettings.PREFIX + "baseUrl: " + uri.getHost()
                        + " is not a loopback address (" + address.getHostAddress() + "); load goes to loopback only");
            }
        }
        return uri;
    }
}
