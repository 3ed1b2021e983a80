package io.proxybench.netty.relay;

import io.netty.channel.Channel;
import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.config.ProxyConfigKeys;
import io.proxybench.core.filter.FilterChains;
import io.proxybench.core.metrics.ProxyMetrics;
import io.proxybench.core.route.RouteTable;
import io.proxybench.netty.pool.OriginConnectionPool;
import io.proxybench.netty.tls.ClientTlsContext;
import io.proxybench.netty.transport.WorkerLayout;

/** What every connection of one server shares: settings read once, metrics, routes, filters, the pool. */
public final class ProxyContext {

    final ProxyMetrics metrics;
    final RouteTable routes;
    final FilterStage filters;
    final FilterChains chains;
    final OriginConnectionPool<Channel> pool;
    final WorkerLayout workers;
    final ViaTexts via;
    final int maxConnections;
    final long requestReadTimeoutNanos;
    final long clientIdleTimeoutNanos;
    final int maxInitialLineLength;
    final int maxHeaderSize;
    /** Null when the client port speaks plain HTTP. */
    final ClientTlsContext tls;
    /** What X-Forwarded-Proto tells the origin: {@code https} on a TLS port. */
    final String scheme;

    private volatile boolean draining;

    public ProxyContext(
            ProxyConfig config,
            ProxyMetrics metrics,
            FilterChains chains,
            OriginConnectionPool<Channel> pool,
            WorkerLayout workers,
            ClientTlsContext tls) {
        this.metrics = metrics;
        this.routes = config.routes();
        this.chains = chains;
        this.filters = new FilterStage(workers.stage(), workers.inbound());
        this.pool = pool;
        this.workers = workers;
        this.via = ViaTexts.of(config.get(ProxyConfigKeys.PROXY_VIA_NAME));
        this.maxConnections = config.get(ProxyConfigKeys.LIMITS_MAX_CONNECTIONS);
        this.requestReadTimeoutNanos =
                config.get(ProxyConfigKeys.CLIENT_REQUEST_READ_TIMEOUT).toNanos();
        this.clientIdleTimeoutNanos =
                config.get(ProxyConfigKeys.CLIENT_IDLE_TIMEOUT).toNanos();
        this.maxInitialLineLength = config.get(ProxyConfigKeys.LIMITS_MAX_INITIAL_LINE_LENGTH);
        this.maxHeaderSize = config.get(ProxyConfigKeys.LIMITS_MAX_HEADER_SIZE);
        this.tls = tls;
        this.scheme = tls == null ? "http" : "https";
    }

    public boolean isDraining() {
        return draining;
    }

    public void startDraining() {
        draining = true;
    }

    public ProxyMetrics metrics() {
        return metrics;
    }

    /** The client port's TLS; null when it speaks plain HTTP. */
    public ClientTlsContext tls() {
        return tls;
    }
}
