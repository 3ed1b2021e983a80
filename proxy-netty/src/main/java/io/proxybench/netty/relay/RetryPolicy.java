package io.proxybench.netty.relay;

import io.netty.handler.codec.http.HttpMethod;
import io.proxybench.core.http.ProxyError;

/**
 * When a request whose origin connection failed may go once more to a fresh connection: only
 * when a kept-alive connection was reset before any response came (the origin closed it while
 * the pool handed it out), on the first attempt, for a complete idempotent request without a
 * body, so that the origin can never act on the request twice with a body half sent.
 */
final class RetryPolicy {

    private RetryPolicy() {}

    static boolean retriesOnFreshConnection(
            ProxyError error,
            boolean connectionReused,
            int attempts,
            boolean requestComplete,
            long requestBodyBytes,
            HttpMethod method) {
        return connectionReused
                && attempts == 1
                && error == ProxyError.RESET
                && requestComplete
                && requestBodyBytes == 0
                && isIdempotent(method);
    }

    private static boolean isIdempotent(HttpMethod m) {
        return HttpMethod.GET.equals(m)
                || HttpMethod.HEAD.equals(m)
                || HttpMethod.OPTIONS.equals(m)
                || HttpMethod.PUT.equals(m)
                || HttpMethod.DELETE.equals(m)
                || HttpMethod.TRACE.equals(m);
    }
}
