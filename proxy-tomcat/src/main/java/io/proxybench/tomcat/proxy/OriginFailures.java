package io.proxybench.tomcat.proxy;

import io.proxybench.core.http.ProxyError;
import io.proxybench.tomcat.origin.PoolExhaustedException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import org.apache.hc.client5.http.ClientProtocolException;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.MessageConstraintException;
import org.apache.hc.core5.http.NoHttpResponseException;

/** Which shared error an exception from the origin side is. */
final class OriginFailures {

    private OriginFailures() {}

    static ProxyError classify(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            ProxyError e = classifyOne(t);
            if (e != null) {
                return e;
            }
        }
        return ProxyError.RESET;
    }

    private static ProxyError classifyOne(Throwable t) {
        if (t instanceof PoolExhaustedException) {
            return ProxyError.POOL_EXHAUSTED;
        }
        // Before SocketTimeoutException, which it extends: a connect timeout is a failure to connect.
        if (t instanceof ConnectTimeoutException
                || t instanceof ConnectException
                || t instanceof NoRouteToHostException
                || t instanceof UnknownHostException) {
            return ProxyError.CONNECT;
        }
        if (t instanceof SocketTimeoutException) {
            return ProxyError.TIMEOUT;
        }
        if (t instanceof ClientProtocolException
                || t instanceof HttpException
                || t instanceof MessageConstraintException) {
            return ProxyError.ORIGIN_PROTOCOL;
        }
        if (t instanceof NoHttpResponseException || t instanceof ConnectionClosedException) {
            return ProxyError.RESET;
        }
        return null;
    }
}
