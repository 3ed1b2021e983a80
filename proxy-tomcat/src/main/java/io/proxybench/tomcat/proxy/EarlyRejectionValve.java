package io.proxybench.tomcat.proxy;

import io.proxybench.core.http.ProxyError;
import io.proxybench.core.metrics.ProxyMetrics;
import io.proxybench.tomcat.connector.AmbiguousFramingException;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import javax.servlet.RequestDispatcher;
import javax.servlet.ServletException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.tomcat.util.res.StringManager;

/**
 * Answers, with the shared error bodies and counters, the requests Tomcat refused before any servlet
 * could run: a head too large for Tomcat's buffer (414 when the request line overflowed it, else
 * 431), a malformed line or header (400), ambiguous framing (400), a request arriving while the
 * connector is paused for shutdown (503). Tomcat still passes such requests through the engine's
 * pipeline with the error status set, which is where this valve sits.
 */
public final class EarlyRejectionValve extends ValveBase {

    /** Tomcat's own text for an overflowing request head, in the JVM's locale as Tomcat renders it. */
    private static final String HEAD_TOO_LARGE =
            StringManager.getManager("org.apache.coyote.http11").getString("iib.requestheadertoolarge.error");

    private static final byte[] REFUSED = "request refused\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private final ProxyMetrics metrics;
    private final ErrorResponses errors;

    public EarlyRejectionValve(ProxyMetrics metrics) {
        super(true);
        this.metrics = metrics;
        this.errors = new ErrorResponses(metrics);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        if (!response.isError() || response.isCommitted()) {
            getNext().invoke(request, response);
            return;
        }
        long start = System.nanoTime();
        int status = response.getStatus();
        Throwable cause = (Throwable) request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        ProxyError error = classify(status, cause, request);
        // Tomcat may have suspended the response (sendError); this valve writes the body itself.
        response.setSuspended(false);
        String detail = cause == null ? "Tomcat answered " + status : cause.getMessage();
        if (error != null) {
            errors.fail(response, error, detail);
        } else {
            errors.record(ProxyError.BAD_REQUEST, detail);
            ErrorResponses.send(response, status, REFUSED);
            metrics.response(status);
        }
        metrics.requests().update(System.nanoTime() - start, TimeUnit.NANOSECONDS);
    }

    private static ProxyError classify(int status, Throwable cause, Request request) {
        if (cause instanceof AmbiguousFramingException) {
            return ProxyError.REQUEST_SMUGGLING;
        }
        if (cause instanceof IllegalArgumentException && HEAD_TOO_LARGE.equals(cause.getMessage())) {
            // The target is only recorded once the request line is complete.
            return request.getCoyoteRequest().requestURI().isNull()
                    ? ProxyError.URI_TOO_LONG
                    : ProxyError.HEADER_TOO_LARGE;
        }
        return switch (status) {
            case 400 -> ProxyError.BAD_REQUEST;
            case 408 -> ProxyError.CLIENT_TIMEOUT;
            case 503 -> ProxyError.SHUTTING_DOWN;
            default -> null;
        };
    }
}
