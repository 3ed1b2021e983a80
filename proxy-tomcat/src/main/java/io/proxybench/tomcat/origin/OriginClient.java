package io.proxybench.tomcat.origin;

import io.proxybench.core.config.ProxyConfig;
import io.proxybench.core.config.ProxyConfigKeys;
import io.proxybench.core.metrics.ProxyMetrics;
import io.proxybench.core.route.OriginAddress;
import io.proxybench.core.route.Route;
import io.proxybench.core.route.RouteTable;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;
import org.apache.hc.core5.http.io.SocketConfig;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.pool.PoolConcurrencyPolicy;
import org.apache.hc.core5.pool.PoolReusePolicy;
import org.apache.hc.core5.pool.PoolStats;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * The blocking HTTP client to the origins: Apache HttpClient 5 classic over one connection pool,
 * configured as a proxy needs it: no retries, redirects, decompression, cookies, authentication or
 * added User-Agent; the origin's answer is passed on as it came.
 */
public final class OriginClient implements AutoCloseable {

    /** A pooled connection idle this long is checked for a close by the origin before reuse. */
    private static final TimeValue VALIDATE_AFTER_INACTIVITY = TimeValue.ofSeconds(1);

    private final PoolingHttpClientConnectionManager pool;
    private final CloseableHttpClient client;
    private final Map<OriginAddress, OriginLane> lanes;
    private final ProxyMetrics metrics;
    private final Duration poolWaitTimeout;

    public OriginClient(ProxyConfig config, ProxyMetrics metrics) {
        this.metrics = metrics;
        int perHost = config.get(ProxyConfigKeys.ORIGIN_MAX_CONNECTIONS_PER_HOST);
        int maxWaiters = config.get(ProxyConfigKeys.ORIGIN_MAX_POOL_WAITERS);
        this.poolWaitTimeout = config.get(ProxyConfigKeys.ORIGIN_POOL_WAIT_TIMEOUT);
        this.lanes = lanes(config.routes(), perHost, maxWaiters, metrics);

        Timeout connectTimeout = timeout(config.get(ProxyConfigKeys.ORIGIN_CONNECT_TIMEOUT));
        Timeout readTimeout = timeout(config.get(ProxyConfigKeys.ORIGIN_READ_TIMEOUT));
        this.pool = PoolingHttpClientConnectionManagerBuilder.create()
                // LAX: per-route pools without the global lock of the strict policy.
                .setPoolConcurrencyPolicy(PoolConcurrencyPolicy.LAX)
                .setConnPoolPolicy(PoolReusePolicy.LIFO)
                .setMaxConnPerRoute(perHost)
                .setMaxConnTotal((int) Math.min(Integer.MAX_VALUE, (long) perHost * Math.max(1, lanes.size())))
                .setConnectionFactory(new CountingConnectionFactory(metrics.originConnectionsOpened()))
                .setDefaultSocketConfig(SocketConfig.custom()
                        .setTcpNoDelay(true)
                        .setSoTimeout(readTimeout)
                        .build())
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(connectTimeout)
                        .setSocketTimeout(readTimeout)
                        .setValidateAfterInactivity(VALIDATE_AFTER_INACTIVITY)
                        .build())
                .build();
        RequestConfig requests = RequestConfig.custom()
                .setConnectionRequestTimeout(timeout(poolWaitTimeout))
                .setResponseTimeout(readTimeout)
                .setRedirectsEnabled(false)
                .setAuthenticationEnabled(false)
                .setContentCompressionEnabled(false)
                .setExpectContinueEnabled(false)
                .setProtocolUpgradeEnabled(false)
                .build();
        this.client = HttpClients.custom()
                .setConnectionManager(pool)
                .setDefaultRequestConfig(requests)
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableContentCompression()
                .disableCookieManagement()
                .disableAuthCaching()
                .disableConnectionState()
                .disableDefaultUserAgent()
                .evictExpiredConnections()
                .evictIdleConnections(TimeValue.of(config.get(ProxyConfigKeys.ORIGIN_IDLE_TIMEOUT)))
                .build();
    }

    private static Map<OriginAddress, OriginLane> lanes(
            RouteTable routes, int perHost, int maxWaiters, ProxyMetrics metrics) {
        Map<OriginAddress, OriginLane> lanes = new HashMap<>();
        for (Route route : routes.routes()) {
            for (OriginAddress origin : route.origins().origins()) {
                lanes.computeIfAbsent(origin, o -> new OriginLane(o, perHost, maxWaiters, metrics.poolWaits()));
            }
        }
        return Map.copyOf(lanes);
    }

    /**
     * Sends {@code request} (with its streaming entity, if any) and waits for the response head.
     *
     * @throws PoolExhaustedException when no pooled connection became free in time or too many wait
     * @throws IOException            when connecting, sending or reading the head failed
     */
    public OriginCall open(OriginAddress origin, ClassicHttpRequest request) throws IOException {
        OriginLane lane = lanes.get(origin);
        if (lane == null) {
            throw new IllegalArgumentException("origin " + origin + " is not behind any route");
        }
        if (!lane.enter()) {
            metrics.poolWaitTimeouts().inc();
            throw new PoolExhaustedException("too many requests waiting for a connection to " + origin, null);
        }
        ClassicHttpResponse response;
        try {
            response = client.executeOpen(lane.target(), request, null);
        } catch (ConnectionRequestTimeoutException e) {
            lane.leave();
            metrics.poolWaitTimeouts().inc();
            throw new PoolExhaustedException(
                    "no connection to " + origin + " became free within " + poolWaitTimeout, e);
        } catch (IOException | RuntimeException e) {
            lane.leave();
            throw e;
        }
        return new OriginCall(response, lane);
    }

    /**
     * Closes the pooled connections idle for {@code idleFor} or longer, as the idle evictor does;
     * returns how many fewer idle connections the pool holds after (others may come and go meanwhile).
     */
    public int closeIdle(Duration idleFor) {
        int before = pool.getTotalStats().getAvailable();
        pool.closeIdle(TimeValue.ofMilliseconds(idleFor.toMillis()));
        return Math.max(0, before - pool.getTotalStats().getAvailable());
    }

    /** Connections in use and idle in the pool, for the shared gauges. */
    public PoolStats poolStats() {
        return pool.getTotalStats();
    }

    /** Closes every connection at once, including those in use: requests still waiting on an origin fail. */
    @Override
    public void close() {
        client.close(CloseMode.IMMEDIATE);
    }

    private static Timeout timeout(Duration d) {
        return Timeout.ofMilliseconds(Math.max(1, d.toMillis()));
    }
}
