package io.proxybench.core.http;

/** Adds what the origin needs to know about the original client (de-facto X-Forwarded-* and Via). */
public final class ForwardedHeaders {

    private ForwardedHeaders() {}

    /**
     * @param clientIp   the address of the client that connected to the proxy
     * @param scheme     {@code http} or {@code https}, as the client used it
     * @param viaName    the pseudonym of this proxy in {@code Via}
     * @param httpVersion the client's protocol version, e.g. {@code 1.1}
     */
    public static void apply(Headers headers, String clientIp, String scheme, String viaName, String httpVersion) {
        String prior = headers.get("X-Forwarded-For");
        headers.set("X-Forwarded-For", prior == null || prior.isBlank() ? clientIp : prior + ", " + clientIp);
        if (!headers.contains("X-Forwarded-Proto")) {
            headers.set("X-Forwarded-Proto", scheme);
        }
        String host = headers.get("Host");
        if (host != null && !headers.contains("X-Forwarded-Host")) {
            headers.set("X-Forwarded-Host", host);
        }
        String via = httpVersion + " " + viaName;
        String priorVia = headers.get("Via");
        headers.set("Via", priorVia == null || priorVia.isBlank() ? via : priorVia + ", " + via);
    }

    /** Appends this proxy to {@code Via} on a response on its way back to the client. */
    public static void addVia(Headers headers, String viaName, String httpVersion) {
        String via = httpVersion + " " + viaName;
        String prior = headers.get("Via");
        headers.set("Via", prior == null || prior.isBlank() ? via : prior + ", " + via);
    }
}
