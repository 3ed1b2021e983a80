package io.proxybench.tomcat.origin;

import com.codahale.metrics.Counter;
import io.proxybench.core.route.OriginAddress;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hc.core5.http.HttpHost;

/**
 * One origin host: its HttpClient target, and a count of the requests holding or awaiting one of its
 * pooled connections. The pool itself cannot say whether a lease will wait, nor bound its waiters;
 * this count gives both (a request past {@code maxConnections} is a wait, past
 * {@code maxConnections + maxWaiters} a refusal) with one atomic add, no lock.
 */
final class OriginLane {

    private final OriginAddress address;
    private final HttpHost target;
    private final int maxConnections;
    private final int maxWaiters;
    private final Counter waits;
    private final AtomicInteger holders = new AtomicInteger();

    OriginLane(OriginAddress address, int maxConnections, int maxWaiters, Counter waits) {
        this.address = address;
        this.target = new HttpHost("http", address.host(), address.port());
        this.maxConnections = maxConnections;
        this.maxWaiters = maxWaiters;
        this.waits = waits;
    }

    OriginAddress address() {
        return address;
    }

    HttpHost target() {
        return target;
    }

    /** Takes a place; false (and nothing taken) when too many requests already wait for this host. */
    boolean enter() {
        int n = holders.incrementAndGet();
        if (n > maxConnections) {
            if (n - maxConnections > maxWaiters) {
                holders.decrementAndGet();
                return false;
            }
            waits.inc();
        }
        return true;
    }

    void leave() {
        holders.decrementAndGet();
    }
}
