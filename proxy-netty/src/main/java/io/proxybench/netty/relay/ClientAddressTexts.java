package io.proxybench.netty.relay;

import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * The text form of client addresses (for {@code X-Forwarded-For}), one instance per event loop.
 * Connections arriving one after another from the same address — a load balancer, a NAT, a load
 * generator — share one string instead of holding one each for as long as they stay open.
 * Loop-confined.
 */
final class ClientAddressTexts {

    private InetAddress last;
    private String lastText;

    String of(InetSocketAddress address) {
        if (address == null) {
            return "unknown";
        }
        InetAddress ip = address.getAddress();
        if (!ip.equals(last)) {
            lastText = ip.getHostAddress();
            last = ip;
        }
        return lastText;
    }
}
