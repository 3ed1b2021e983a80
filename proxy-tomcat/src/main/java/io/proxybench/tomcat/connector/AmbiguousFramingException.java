package io.proxybench.tomcat.connector;

/**
 * Marks a request that carried both Content-Length and Transfer-Encoding. Tomcat would quietly drop
 * the Content-Length; a proxy must refuse instead, since the next hop may read the framing the other way.
 */
public final class AmbiguousFramingException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    AmbiguousFramingException() {
        super("both Content-Length and Transfer-Encoding");
    }
}
