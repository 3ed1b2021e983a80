package io.proxybench.tomcat.proxy;

import io.proxybench.core.metrics.ProxyMetrics;
import java.io.IOException;
import javax.servlet.ServletException;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;

/**
 * Counts the body bytes of every exchange on the proxy's engine once it is served: what the proxy
 * read of the request body and what it wrote of the response body, Tomcat's own counts (after
 * chunk decoding, before chunk encoding). Counting here, outside every other valve, covers the
 * origins' answers and the proxy's own (refusals, errors, filter answers) in one place.
 */
public final class BodyBytesValve extends ValveBase {

    private final ProxyMetrics metrics;

    public BodyBytesValve(ProxyMetrics metrics) {
        super(true);
        this.metrics = metrics;
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        try {
            getNext().invoke(request, response);
        } finally {
            long in = request.getCoyoteRequest().getBytesRead();
            if (in > 0) {
                metrics.bytesIn().inc(in);
            }
            // A response to HEAD has its body discarded on the way out, but still counted as written.
            long out = "HEAD".equals(request.getMethod()) ? 0 : response.getContentWritten();
            if (out > 0) {
                metrics.bytesOut().inc(out);
            }
        }
    }
}
