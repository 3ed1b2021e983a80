package io.proxybench.tomcat.metrics;

import com.codahale.metrics.Counter;
import io.proxybench.core.http.ProxyError;
import io.proxybench.core.metrics.ProxyMetrics;
import io.proxybench.tomcat.connector.ConnectionEvents;

/** Keeps the shared client-connection counters (and slow-head timeouts) from the connector's events. */
public final class ClientConnectionCounter implements ConnectionEvents {

    private final ProxyMetrics metrics;
    private final Counter active;
    private final Counter opened;

    public ClientConnectionCounter(ProxyMetrics metrics) {
        this.metrics = metrics;
        this.active = metrics.clientConnectionsActive();
        this.opened = metrics.clientConnectionsOpened();
    }

    @Override
    public void opened() {
        opened.inc();
        active.inc();
    }

    @Override
    public void closed() {
        active.dec();
    }

    @Override
    public void headTimedOut() {
        metrics.error(ProxyError.CLIENT_TIMEOUT);
    }
}
