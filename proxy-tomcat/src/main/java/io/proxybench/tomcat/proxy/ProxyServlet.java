package io.proxybench.tomcat.proxy;

import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.config.ProxyConfigKeys;
import io.proxybench.core.filter.FilterChains;
import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.http.ForwardedHeaders;
import io.proxybench.core.http.Headers;
import io.proxybench.core.http.HopByHopHeaders;
import io.proxybench.core.http.ProxyError;
import io.proxybench.core.metrics.ProxyMetrics;
import io.proxybench.core.route.Route;
import io.proxybench.core.route.RouteTable;
import io.proxybench.tomcat.origin.OriginClient;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * The proxy, one blocking servlet as in Zuul 1: a Tomcat request thread carries each exchange from
 * the client's head through the inbound filters, the route, the origin call and the outbound
 * filters to the last body byte. Filters that complete later are waited for on this thread.
 */
public final class ProxyServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final transient RouteTable routes;
    private final transient FilterChains chains;
    private final transient FilterRunner filters;
    private final transient OriginForwarder forwarder;
    private final transient ErrorResponses errors;
    private final transient ProxyMetrics metrics;
    private final transient InFlightRequests inFlight;
    private final int maxInitialLineLength;
    private final int maxHeaderSize;
    private final String viaName;

    public ProxyServlet(
            ProxyConfig config,
            FilterChains chains,
            OriginClient client,
            ProxyMetrics metrics,
            InFlightRequests inFlight) {
        this.routes = config.routes();
        this.chains = chains;
        // A filter may take as long as an origin could: both keep the request thread waiting.
        this.filters = new FilterRunner(config.get(ProxyConfigKeys.ORIGIN_READ_TIMEOUT));
        this.errors = new ErrorResponses(metrics);
        this.metrics = metrics;
        this.inFlight = inFlight;
        this.maxInitialLineLength = config.get(ProxyConfigKeys.LIMITS_MAX_INITIAL_LINE_LENGTH);
        this.maxHeaderSize = config.get(ProxyConfigKeys.LIMITS_MAX_HEADER_SIZE);
        this.viaName = config.get(ProxyConfigKeys.PROXY_VIA_NAME);
        this.forwarder = new OriginForwarder(client, filters, chains.outbound(), metrics, errors, viaName);
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        long start = System.nanoTime();
        inFlight.begin();
        try {
            proxy(req, resp);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            errors.fail(resp, ProxyError.SHUTTING_DOWN, "request thread interrupted");
        } finally {
            inFlight.end();
            metrics.requests().update(System.nanoTime() - start, TimeUnit.NANOSECONDS);
        }
    }

    private void proxy(HttpServletRequest req, HttpServletResponse resp) throws IOException, InterruptedException {
        ClientRequestHead head = ClientRequestHead.read(req);
        if (head.lineLength() > maxInitialLineLength) {
            errors.fail(resp, ProxyError.URI_TOO_LONG, head.lineLength() + "-byte request line");
            return;
        }
        if (head.headerBytes() > maxHeaderSize) {
            errors.fail(resp, ProxyError.HEADER_TOO_LARGE, head.headerBytes() + " bytes of headers");
            return;
        }
        Headers headers = head.headers();
        String protocol = req.getProtocol();
        String framingProblem = framingProblem(headers, protocol);
        if (framingProblem != null) {
            // The body cannot be trusted to end where Tomcat thinks: nothing more is read from this connection.
            resp.setHeader("Connection", "close");
            errors.fail(resp, ProxyError.BAD_REQUEST, framingProblem);
            return;
        }
        HopByHopHeaders.strip(headers);
        ForwardedHeaders.apply(headers, req.getRemoteAddr(), req.getScheme(), viaName, version(protocol));
        ProxyExchange exchange = new ProxyExchange(
                req.getMethod(),
                head.target(),
                protocol,
                headers,
                new InetSocketAddress(InetAddress.getByName(req.getRemoteAddr()), req.getRemotePort()));

        FilterOutcome inbound;
        try {
            inbound = filters.run(chains.inbound(), exchange);
        } catch (FilterRunner.FilterFailure f) {
            errors.fail(resp, ProxyError.FILTER, f.getMessage());
            return;
        }
        if (inbound.isResponse()) {
            answer(resp, inbound);
            return;
        }
        Route route = routes.match(exchange.path());
        if (route == null) {
            errors.fail(resp, ProxyError.NO_ROUTE, exchange.path());
            return;
        }
        forwarder.forward(req, resp, exchange, route.origins().next());
    }

    /**
     * Why the request's framing is refused, or {@code null}: Content-Length, Transfer-Encoding or Host
     * named in {@code Connection} (stripped as hop-by-hop, the body would go on unframed), or
     * Transfer-Encoding on HTTP/1.0, whose framing RFC 9112 §6.1 calls faulty.
     */
    private static String framingProblem(Headers headers, String protocol) {
        String named = HopByHopHeaders.namedFramingHeader(headers);
        if (named != null) {
            return "Connection names " + named;
        }
        if ("HTTP/1.0".equals(protocol) && headers.get("Transfer-Encoding") != null) {
            return "Transfer-Encoding on HTTP/1.0";
        }
        return null;
    }

    /** An inbound filter's own answer. */
    private void answer(HttpServletResponse resp, FilterOutcome outcome) throws IOException {
        resp.setStatus(outcome.status());
        Headers headers = outcome.headers();
        for (String name : headers.names()) {
            for (String value : headers.getAll(name)) {
                resp.addHeader(name, value);
            }
        }
        byte[] body = outcome.body();
        resp.setContentLength(body.length);
        resp.getOutputStream().write(body);
        metrics.response(outcome.status());
    }

    /** {@code HTTP/1.1} → {@code 1.1}. */
    private static String version(String protocol) {
        int slash = protocol.indexOf('/');
        return slash < 0 ? protocol : protocol.substring(slash + 1);
    }
}
