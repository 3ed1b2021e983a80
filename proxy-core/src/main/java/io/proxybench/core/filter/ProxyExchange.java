package io.proxybench.core.filter;

import io.proxybench.core.http.Headers;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;

/**
 * One request/response pair as filters see it. The request headers are live: changes made by
 * inbound filters are what the origin receives. Outbound filters see the origin's status and
 * headers and may change both before the client gets them.
 *
 * <p>Front ends create one per request. Not thread-safe by itself: a front end runs the filters of
 * one exchange one after another, never two at once.
 */
public final class ProxyExchange {

    private final String method;
    private String uri;
    private final String protocol;
    private final Headers requestHeaders;
    private final InetSocketAddress clientAddress;
    private int responseStatus;
    private Headers responseHeaders;
    private Map<String, Object> attributes;

    public ProxyExchange(
            String method, String uri, String protocol, Headers requestHeaders, InetSocketAddress clientAddress) {
        this.method = method;
        this.uri = uri;
        this.protocol = protocol;
        this.requestHeaders = requestHeaders;
        this.clientAddress = clientAddress;
    }

    public String method() {
        return method;
    }

    /** The request target as the client sent it (origin-form: path and query). */
    public String uri() {
        return uri;
    }

    /** Rewrites the request target sent to the origin (and the path used for routing). */
    public void setUri(String uri) {
        if (uri == null || !uri.startsWith("/")) {
            throw new IllegalArgumentException("uri must start with '/': " + uri);
        }
        this.uri = uri;
    }

    /** The path part of {@link #uri()}, without the query. */
    public String path() {
        int q = uri.indexOf('?');
        return q < 0 ? uri : uri.substring(0, q);
    }

    /** e.g. {@code HTTP/1.1}. */
    public String protocol() {
        return protocol;
    }

    public Headers requestHeaders() {
        return requestHeaders;
    }

    public InetSocketAddress clientAddress() {
        return clientAddress;
    }

    /** 0 until the origin's response headers have arrived (outbound phase). */
    public int responseStatus() {
        return responseStatus;
    }

    public void setResponseStatus(int status) {
        this.responseStatus = status;
    }

    /**
     * {@code null} until the origin's response headers have arrived; a front end running no
     * outbound filter may leave it so, as nothing would read it.
     */
    public Headers responseHeaders() {
        return responseHeaders;
    }

    /** Called by the front end when the origin's response headers arrive. */
    public void setResponse(int status, Headers headers) {
        this.responseStatus = status;
        this.responseHeaders = headers;
    }

    /** Per-exchange scratch space for filters that cooperate (inbound sets, outbound reads). */
    public Map<String, Object> attributes() {
        if (attributes == null) {
            attributes = new HashMap<>(4);
        }
        return attributes;
    }
}
