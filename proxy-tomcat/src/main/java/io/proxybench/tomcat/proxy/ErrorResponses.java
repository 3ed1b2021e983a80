package io.proxybench.tomcat.proxy;

import io.proxybench.core.http.ProxyError;
import io.proxybench.core.metrics.ProxyMetrics;
import java.io.IOException;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javax.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers with the shared error mapping ({@link ProxyError}: status, one-line body, counter) and
 * logs each kind once at WARN, later ones at DEBUG, so that a failing origin under load counts
 * errors instead of flooding the log.
 */
final class ErrorResponses {

    private static final Logger log = LoggerFactory.getLogger(ErrorResponses.class);
    private static final String CONTENT_TYPE = "text/plain; charset=utf-8";
    /** Client-caused refusals are expected; they are counted, never logged above DEBUG. */
    private static final Set<ProxyError> CLIENT_SIDE = EnumSet.of(
            ProxyError.BAD_REQUEST,
            ProxyError.REQUEST_SMUGGLING,
            ProxyError.HEADER_TOO_LARGE,
            ProxyError.URI_TOO_LONG,
            ProxyError.NO_ROUTE,
            ProxyError.CLIENT_ABORT,
            ProxyError.CLIENT_TIMEOUT,
            ProxyError.SHUTTING_DOWN);

    private final ProxyMetrics metrics;
    private final Set<ProxyError> reported = ConcurrentHashMap.newKeySet();

    ErrorResponses(ProxyMetrics metrics) {
        this.metrics = metrics;
    }

    /** Counts and logs {@code error}; answers the client unless the response has already begun or nobody is left. */
    void fail(HttpServletResponse response, ProxyError error, String detail) throws IOException {
        record(error, detail);
        if (error.status() == 0 || response.isCommitted()) {
            return;
        }
        send(response, error.status(), error.body());
        metrics.response(error.status());
    }

    /** Counts and logs {@code error} without answering. */
    void record(ProxyError error, String detail) {
        metrics.error(error);
        if (CLIENT_SIDE.contains(error) || !reported.add(error)) {
            log.debug("{} ({}): {}", error.message(), error.metricName(), detail);
        } else {
            log.warn(
                    "{}: {} (further ones are counted in {} and logged at DEBUG)",
                    error.message(),
                    detail,
                    error.metricName());
        }
    }

    static void send(HttpServletResponse response, int status, byte[] body) throws IOException {
        response.resetBuffer();
        response.setStatus(status);
        response.setContentType(CONTENT_TYPE);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
