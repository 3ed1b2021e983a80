package io.proxybench.tomcat.origin;

/**
 * The stream an origin request's body is written into, when it can be given up: {@link #abort()}
 * closes the origin connection at once, so that the body's framing is never finished and the
 * origin never sees a complete request the client did not send in full.
 */
public interface AbortableRequestBody {

    void abort();
}
