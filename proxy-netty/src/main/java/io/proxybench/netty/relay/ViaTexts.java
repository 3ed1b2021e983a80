package io.proxybench.netty.relay;

import io.netty.handler.codec.http.HttpVersion;

/**
 * This proxy's {@code Via} entries ({@code 1.1 name}, {@code 1.0 name}), made once per server
 * instead of once per message.
 */
record ViaTexts(String name, String http11, String http10) {

    static ViaTexts of(String name) {
        return new ViaTexts(name, "1.1 " + name, "1.0 " + name);
    }

    /** The entry for a message received in {@code v}. */
    String forVersion(HttpVersion v) {
        if (v.majorVersion() == 1 && v.minorVersion() == 1) {
            return http11;
        }
        if (v.majorVersion() == 1 && v.minorVersion() == 0) {
            return http10;
        }
        return v.majorVersion() + "." + v.minorVersion() + " " + name;
    }
}
