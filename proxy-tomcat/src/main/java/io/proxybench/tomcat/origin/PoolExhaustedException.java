package io.proxybench.tomcat.origin;

import java.io.IOException;

/** No origin connection could be had: the wait timed out, or too many requests were already waiting. */
public final class PoolExhaustedException extends IOException {

    private static final long serialVersionUID = 1L;

    PoolExhaustedException(String message, Throwable cause) {
        super(message, cause);
    }
}
