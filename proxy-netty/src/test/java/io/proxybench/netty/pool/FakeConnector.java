package io.proxybench.netty.pool;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import io.proxybench.common.testing.TestSeed;
import io.proxybench.core.route.OriginAddress;
import java.net.ConnectException;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Opens fake connections, at once or after a short random delay; a share of connects may fail. The
 * n-th connect's fate and delay come from the test's seed and n alone, whichever thread asks.
 */
final class FakeConnector implements OriginConnector<FakeConnection> {

    /** Above any client thread's stream, so that connects draw numbers of their own. */
    private static final long FIRST_CONNECT_STREAM = 1L << 32;

    final List<FakeConnection> created = new CopyOnWriteArrayList<>();
    final AtomicInteger failedConnects = new AtomicInteger();
    /** Open connections per host right now, and the most ever seen at once. */
    final Map<OriginAddress, AtomicInteger> openPerHost = new ConcurrentHashMap<>();

    final Map<OriginAddress, AtomicInteger> maxOpenPerHost = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();
    private final AtomicLong connects = new AtomicLong();
    private final double failureShare;
    private final long maxDelayMicros;
    private final TestSeed seed;

    /** Every connect succeeds at once. */
    FakeConnector() {
        this(0, 0, TestSeed.of(0));
    }

    FakeConnector(double failureShare, long maxDelayMicros, TestSeed seed) {
        this.failureShare = failureShare;
        this.maxDelayMicros = maxDelayMicros;
        this.seed = seed;
    }

    @Override
    public Future<FakeConnection> connect(EventExecutor loop, OriginAddress origin) {
        Promise<FakeConnection> promise = loop.newPromise();
        Random r = seed.random(FIRST_CONNECT_STREAM + connects.incrementAndGet());
        boolean fail = r.nextDouble() < failureShare;
        Runnable finish = () -> {
            if (fail) {
                failedConnects.incrementAndGet();
                promise.setFailure(new ConnectException("refused (fake)"));
                return;
            }
            FakeConnection c = new FakeConnection(ids.incrementAndGet(), loop, origin);
            created.add(c);
            int open = openPerHost
                    .computeIfAbsent(origin, o -> new AtomicInteger())
                    .incrementAndGet();
            maxOpenPerHost.computeIfAbsent(origin, o -> new AtomicInteger()).accumulateAndGet(open, Math::max);
            c.onClose(() -> openPerHost.get(origin).decrementAndGet());
            promise.setSuccess(c);
        };
        long delay = maxDelayMicros == 0 ? 0 : r.nextLong(maxDelayMicros + 1);
        if (delay == 0) {
            loop.execute(finish);
        } else {
            loop.schedule(finish, delay, TimeUnit.MICROSECONDS);
        }
        return promise;
    }

    @Override
    public boolean isUsable(FakeConnection connection) {
        return !connection.isClosed();
    }

    @Override
    public void close(FakeConnection connection) {
        connection.close();
    }

    @Override
    public void onClose(FakeConnection connection, Runnable action) {
        connection.onClose(action);
    }

    long openCount() {
        return created.stream().filter(c -> !c.isClosed()).count();
    }
}
