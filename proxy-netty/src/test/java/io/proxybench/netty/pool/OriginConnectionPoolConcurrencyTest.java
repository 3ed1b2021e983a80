package io.proxybench.netty.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.EventExecutor;
import io.proxybench.common.testing.Eventually;
import io.proxybench.common.testing.TestSeed;
import io.proxybench.common.testing.TestSeedExtension;
import io.proxybench.core.route.OriginAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Many threads borrow and return through several loops while connects fail now and then, the
 * "origin" closes idle and leased connections at random, and some returns are marked not
 * reusable. Afterwards every connection must be accounted for: none handed to two borrowers at
 * once, none lost (all closed or idle in the pool), the per-host maximum never exceeded. Each thread
 * draws its choices from the test's seed, which a failure names.
 */
@ExtendWith(TestSeedExtension.class)
class OriginConnectionPoolConcurrencyTest {

    /** The origin closes one connection for every so many acquisitions: chaos in step with the load. */
    private static final int ACQUISITIONS_PER_CHAOS_CLOSE = 32;

    private static final OriginAddress A = new OriginAddress("10.0.0.1", 80);
    private static final OriginAddress B = new OriginAddress("10.0.0.2", 80);
    private static final int MAX_PER_HOST = 6;

    private final DefaultEventExecutorGroup loops = new DefaultEventExecutorGroup(4);

    @AfterEach
    void stop() throws InterruptedException {
        loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
    }

    @Test
    void hammeredFromManyThreadsEveryConnectionIsAccountedFor(TestSeed seed) throws Exception {
        FakeConnector connector = new FakeConnector(0.02, 200, seed);
        CountingListener events = new CountingListener();
        OriginConnectionPool<FakeConnection> pool = new OriginConnectionPool<>(
                loops,
                connector,
                new PoolSettings(MAX_PER_HOST, Duration.ofSeconds(10), 100_000, Duration.ofSeconds(30)),
                events);
        List<EventExecutor> loopList = new ArrayList<>();
        loops.forEach(loopList::add);

        int threads = 8;
        int perThread = 4000;
        AtomicInteger acquired = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicInteger exhausted = new AtomicInteger();
        AtomicInteger handedOutTwice = new AtomicInteger();
        AtomicInteger wrongLoopOrHost = new AtomicInteger();
        AtomicInteger handedOutClosed = new AtomicInteger();
        Map<FakeConnection, Boolean> seen = new ConcurrentHashMap<>();
        Semaphore chaosTurns = new Semaphore(0);

        ExecutorService clients = Executors.newFixedThreadPool(threads + 1);
        ExecutorService returners = Executors.newFixedThreadPool(2);
        List<Future<?>> work = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Random r = seed.random(t);
            work.add(clients.submit(() -> {
                Semaphore outstanding = new Semaphore(12);
                for (int i = 0; i < perThread; i++) {
                    outstanding.acquireUninterruptibly();
                    EventExecutor loop = loopList.get(r.nextInt(loopList.size()));
                    OriginAddress origin = r.nextBoolean() ? A : B;
                    boolean reusable = r.nextInt(20) != 0;
                    boolean returnedHere = r.nextBoolean();
                    pool.acquire(loop, origin, new AcquireCallback<>() {
                        @Override
                        public void acquired(PooledConnection<FakeConnection> c) {
                            FakeConnection fc = c.connection();
                            if (!fc.inUse.compareAndSet(false, true)) {
                                handedOutTwice.incrementAndGet();
                            }
                            if (fc.isClosed()) {
                                handedOutClosed.incrementAndGet();
                            }
                            if (fc.loop != loop || !fc.origin.equals(origin) || !loop.inEventLoop()) {
                                wrongLoopOrHost.incrementAndGet();
                            }
                            seen.put(fc, Boolean.TRUE);
                            if (acquired.incrementAndGet() % ACQUISITIONS_PER_CHAOS_CLOSE == 0) {
                                chaosTurns.release();
                            }
                            Runnable giveBack = () -> {
                                fc.inUse.set(false);
                                c.release(reusable);
                                outstanding.release();
                            };
                            if (returnedHere) {
                                giveBack.run();
                            } else {
                                // Returned from another thread, a little later: the cross-thread path.
                                returners.execute(giveBack);
                            }
                        }

                        @Override
                        public void failed(Throwable cause) {
                            if (cause instanceof PoolExhaustedException) {
                                exhausted.incrementAndGet();
                            } else {
                                failed.incrementAndGet();
                            }
                            outstanding.release();
                        }
                    });
                }
                outstanding.acquireUninterruptibly(12);
                return null;
            }));
        }
        // Chaos: the origin closes random connections, idle or in use, from a thread of its own.
        AtomicInteger chaosClosed = new AtomicInteger();
        Random chaosRandom = seed.random(threads);
        Future<?> chaos = clients.submit(() -> {
            while (true) {
                try {
                    chaosTurns.acquire();
                } catch (InterruptedException e) {
                    return;
                }
                List<FakeConnection> all = connector.created;
                if (!all.isEmpty()) {
                    all.get(chaosRandom.nextInt(all.size())).close();
                    chaosClosed.incrementAndGet();
                }
            }
        });
        for (Future<?> f : work) {
            f.get(60, TimeUnit.SECONDS);
        }
        Eventually.until("the origin has closed some connections", () -> chaosClosed.get() > 0);
        chaos.cancel(true);
        clients.shutdown();
        returners.shutdown();
        assertThat(clients.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        assertThat(returners.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        settle();

        assertThat(handedOutTwice).hasValue(0);
        assertThat(wrongLoopOrHost).hasValue(0);
        assertThat(handedOutClosed).as("connections handed out already closed").hasValue(0);
        assertThat(pool.misuseCount()).isZero();
        assertThat(acquired.get() + failed.get() + exhausted.get()).isEqualTo(threads * perThread);
        assertThat(exhausted).as("nobody should wait 10 s").hasValue(0);
        assertThat(failed.get()).isEqualTo(connector.failedConnects.get());
        assertThat(acquired.get()).isGreaterThan(threads * perThread * 9 / 10);
        assertThat(seen.size()).as("connections were reused").isLessThan(acquired.get() / 5);
        assertThat(chaosClosed.get()).isPositive();

        // Nothing lost: every connection still open sits idle in the pool and holds a permit.
        assertThat(pool.leasedCount()).isZero();
        assertThat(pool.idleCount()).isEqualTo((int) connector.openCount());
        assertThat(pool.openCount()).isEqualTo((int) connector.openCount());
        assertThat(events.opened.get()).isEqualTo(connector.created.size());
        connector.maxOpenPerHost.forEach((host, max) ->
                assertThat(max.get()).as("most open to %s at once", host).isLessThanOrEqualTo(MAX_PER_HOST));

        pool.close();
        settle();
        assertThat(connector.openCount()).isZero();
        assertThat(pool.openCount()).isZero();
        assertThat(pool.idleCount()).isZero();
    }

    /** Lets queued loop tasks (releases, close notifications) run. */
    private void settle() throws InterruptedException {
        for (int round = 0; round < 3; round++) {
            for (EventExecutor loop : loops) {
                loop.submit(() -> {}).await(5, TimeUnit.SECONDS);
            }
        }
    }

    static final class CountingListener implements PoolListener {
        final AtomicInteger opened = new AtomicInteger();
        final AtomicInteger waits = new AtomicInteger();
        final AtomicInteger timeouts = new AtomicInteger();

        @Override
        public void connectionOpened() {
            opened.incrementAndGet();
        }

        @Override
        public void waitStarted() {
            waits.incrementAndGet();
        }

        @Override
        public void waitTimedOut() {
            timeouts.incrementAndGet();
        }
    }
}
