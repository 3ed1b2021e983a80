package io.proxybench.netty.pool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.util.concurrent.DefaultEventExecutorGroup;
import io.netty.util.concurrent.EventExecutor;
import io.proxybench.common.testing.Eventually;
import io.proxybench.core.route.OriginAddress;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class OriginConnectionPoolTest {

    private static final OriginAddress ORIGIN = new OriginAddress("10.0.0.1", 80);
    /**
     * A pool wait no test outlives: a waiter that is not served by what the test does waits this long,
     * so the test fails by not being served, not by being served later than some guessed time.
     */
    private static final String FOREVER = "3600s";
    /** Only a hang takes this long. */
    private static final long HANG_SEC = Eventually.DEFAULT.toSeconds();

    private final DefaultEventExecutorGroup loops = new DefaultEventExecutorGroup(2);
    private final EventExecutor loopA;
    private final EventExecutor loopB;

    OriginConnectionPoolTest() {
        Iterator<EventExecutor> it = loops.iterator();
        loopA = it.next();
        loopB = it.next();
    }

    @AfterEach
    void stop() throws InterruptedException {
        loops.shutdownGracefully(0, 1, TimeUnit.SECONDS).await(5, TimeUnit.SECONDS);
    }

    @Test
    void returnedConnectionIsReusedOnTheSameLoop() throws Exception {
        FakeConnector connector = new FakeConnector();
        OriginConnectionPool<FakeConnection> pool = pool(connector, settings(4, "1s", 10, "30s"));
        PooledConnection<FakeConnection> first = acquire(pool, loopA);
        assertThat(first.isReused()).isFalse();
        first.release(true);
        PooledConnection<FakeConnection> second = acquire(pool, loopA);
        assertThat(second.connection()).isSameAs(first.connection());
        assertThat(second.isReused()).isTrue();
        assertThat(connector.created).hasSize(1);
        second.release(true);
        settle();
        assertThat(pool.idleCount()).isEqualTo(1);
        assertThat(pool.leasedCount()).isZero();
    }

    @Test
    void notReusableReturnClosesTheConnectionAndFreesItsPermit() throws Exception {
        FakeConnector connector = new FakeConnector();
        OriginConnectionPool<FakeConnection> pool = pool(connector, settings(1, "1s", 10, "30s"));
        PooledConnection<FakeConnection> c = acquire(pool, loopA);
        c.release(false);
        settle();
        assertThat(c.connection().isClosed()).isTrue();
        assertThat(pool.openCount()).isZero();
        PooledConnection<FakeConnection> next = acquire(pool, loopA);
        assertThat(next.connection()).isNotSameAs(c.connection());
    }

    @Test
    void waiterTimesOutWithPoolExhausted() throws Exception {
        FakeConnector connector = new FakeConnector();
        OriginConnectionPoolConcurrencyTest.CountingListener events =
                new OriginConnectionPoolConcurrencyTest.CountingListener();
        OriginConnectionPool<FakeConnection> pool =
                new OriginConnectionPool<>(loops, connector, settings(1, "100ms", 10, "30s"), events);
        acquire(pool, loopA); // held, never returned
        CompletableFuture<PooledConnection<FakeConnection>> waiting = acquireAsync(pool, loopA);
        assertThatThrownBy(() -> waiting.get(HANG_SEC, TimeUnit.SECONDS))
                .hasCauseInstanceOf(PoolExhaustedException.class);
        assertThat(events.waits).hasValue(1);
        assertThat(events.timeouts).hasValue(1);
    }

    @Test
    void noWaitingAllowedFailsAtOnce() throws Exception {
        FakeConnector connector = new FakeConnector();
        OriginConnectionPool<FakeConnection> pool = pool(connector, settings(1, FOREVER, 0, "30s"));
        acquire(pool, loopA);
        CompletableFuture<PooledConnection<FakeConnection>> refused = acquireAsync(pool, loopA);
        assertThatThrownBy(() -> refused.get(HANG_SEC, TimeUnit.SECONDS))
                .hasCauseInstanceOf(PoolExhaustedException.class);
    }

    @Test
    void waiterIsServedByAConnectionReturnedOnItsLoop() throws Exception {
        FakeConnector connector = new FakeConnector();
        OriginConnectionPool<FakeConnection> pool = pool(connector, settings(1, FOREVER, 10, "30s"));
        PooledConnection<FakeConnection> held = acquire(pool, loopA);
        CompletableFuture<PooledConnection<FakeConnection>> waiting = acquireAsync(pool, loopA);
        settle();
        assertThat(waiting).isNotDone();
        held.release(true);
        assertThat(waiting.get(HANG_SEC, TimeUnit.SECONDS).connection()).isSameAs(held.connection());
    }

    @Test
    void idleConnectionOnAnotherLoopMakesRoomForAWaiter() throws Exception {
        FakeConnector connector = new FakeConnector();
        OriginConnectionPool<FakeConnection> pool = pool(connector, settings(1, FOREVER, 10, "30s"));
        PooledConnection<FakeConnection> onA = acquire(pool, loopA);
        onA.release(true);
        settle();
        assertThat(pool.idleCount()).isEqualTo(1);
        // The only permit is held by an idle connection on loop A, which nobody will return: loop B must
        // take the permit from it rather than wait.
        PooledConnection<FakeConnection> onB = acquireAsync(pool, loopB).get(HANG_SEC, TimeUnit.SECONDS);
        assertThat(onB.loop()).isSameAs(loopB);
        assertThat(onA.connection().isClosed()).isTrue();
        assertThat(pool.openCount()).isEqualTo(1);
    }

    @Test
    void connectionReturnedOnAnotherLoopWakesAWaiter() throws Exception {
        FakeConnector connector = new FakeConnector();
        OriginConnectionPool<FakeConnection> pool = pool(connector, settings(1, FOREVER, 10, "30s"));
        PooledConnection<FakeConnection> onA = acquire(pool, loopA);
        CompletableFuture<PooledConnection<FakeConnection>> onB = acquireAsync(pool, loopB);
        settle();
        assertThat(onB).isNotDone();
        onA.release(true);
        assertThat(onB.get(HANG_SEC, TimeUnit.SECONDS).loop()).isSameAs(loopB);
        assertThat(pool.openCount()).isEqualTo(1);
    }

    /**
     * The only connection is returned on one loop at the same moment as a request starts to wait on
     * the other, over and over: the waiter must never miss the connection and wait out its timeout
     * (once the returning loop had looked for waiters and not yet parked the connection, the waiter
     * asked for idle connections, found none, and waited while one sat idle). The wait has no timeout
     * a test could reach, so a missed connection shows as a waiter never served.
     */
    @Test
    void aReturnRacingAWaiterOnAnotherLoopNeverLeavesItWaiting() throws Exception {
        FakeConnector connector = new FakeConnector();
        OriginConnectionPool<FakeConnection> pool = pool(connector, settings(1, FOREVER, 10, "30s"));
        PooledConnection<FakeConnection> held = acquire(pool, loopA);
        for (int round = 0; round < 2000; round++) {
            EventExecutor other = held.loop() == loopA ? loopB : loopA;
            CountDownLatch go = new CountDownLatch(1);
            PooledConnection<FakeConnection> returning = held;
            CompletableFuture<PooledConnection<FakeConnection>> waiting = new CompletableFuture<>();
            returning.loop().execute(() -> {
                awaitQuietly(go);
                returning.release(true);
            });
            other.execute(() -> {
                awaitQuietly(go);
                acquireAsync(pool, other).whenComplete((c, e) -> {
                    if (e != null) {
                        waiting.completeExceptionally(e);
                    } else {
                        waiting.complete(c);
                    }
                });
            });
            go.countDown();
            int at = round;
            held = waiting.handle((c, e) -> {
                        assertThat(e)
                                .as("round %d: the waiter on the other loop", at)
                                .isNull();
                        return c;
                    })
                    .get(HANG_SEC, TimeUnit.SECONDS);
        }
        held.release(true);
        settle();
        assertThat(pool.openCount()).isEqualTo(1);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void idleConnectionsAreClosedAfterTheIdleTimeout() throws Exception {
        FakeConnector connector = new FakeConnector();
        OriginConnectionPool<FakeConnection> pool = pool(connector, settings(4, "1s", 10, "50ms"));
        PooledConnection<FakeConnection> c = acquire(pool, loopA);
        c.release(true);
        Eventually.until("the idle connection is closed", () -> c.connection().isClosed());
        settle();
        assertThat(pool.idleCount()).isZero();
        assertThat(pool.openCount()).isZero();
    }

    @Test
    void idleConnectionClosedByTheOriginLeavesThePool() throws Exception {
        FakeConnector connector = new FakeConnector();
        OriginConnectionPool<FakeConnection> pool = pool(connector, settings(4, "1s", 10, "30s"));
        PooledConnection<FakeConnection> c = acquire(pool, loopA);
        c.release(true);
        settle();
        c.connection().close();
        settle();
        assertThat(pool.idleCount()).isZero();
        assertThat(pool.openCount()).isZero();
        assertThat(acquire(pool, loopA).connection()).isNotSameAs(c.connection());
    }

    @Test
    void closingIdleOnRequestClosesEveryLoopsIdleConnectionsAndLeavesLeasedOnes() throws Exception {
        FakeConnector connector = new FakeConnector();
        OriginConnectionPool<FakeConnection> pool = pool(connector, settings(8, "1s", 10, "30s"));
        PooledConnection<FakeConnection> idleA = acquire(pool, loopA);
        PooledConnection<FakeConnection> idleB = acquire(pool, loopB);
        PooledConnection<FakeConnection> leased = acquire(pool, loopA);
        idleA.release(true);
        idleB.release(true);
        settle();

        assertThat(pool.closeIdle(Duration.ofHours(1)).get(HANG_SEC, TimeUnit.SECONDS))
                .as("none idle that long")
                .isZero();
        assertThat(pool.idleCount()).isEqualTo(2);
        assertThat(pool.closeIdle(Duration.ZERO).get(HANG_SEC, TimeUnit.SECONDS))
                .isEqualTo(2);

        settle();
        assertThat(idleA.connection().isClosed()).isTrue();
        assertThat(idleB.connection().isClosed()).isTrue();
        assertThat(leased.connection().isClosed()).isFalse();
        assertThat(pool.idleCount()).isZero();
        assertThat(pool.openCount()).as("the leased one keeps its permit").isEqualTo(1);
        leased.release(true);
        settle();
        assertThat(pool.idleCount()).as("a later return parks as before").isEqualTo(1);
    }

    @Test
    void secondReleaseOfOneLeaseIsIgnoredAndCounted() throws Exception {
        FakeConnector connector = new FakeConnector();
        OriginConnectionPool<FakeConnection> pool = pool(connector, settings(4, "1s", 10, "30s"));
        PooledConnection<FakeConnection> c = acquire(pool, loopA);
        c.release(true);
        c.release(true);
        settle();
        assertThat(pool.misuseCount()).isEqualTo(1);
        assertThat(pool.idleCount()).isEqualTo(1);
    }

    private OriginConnectionPool<FakeConnection> pool(FakeConnector connector, PoolSettings settings) {
        return new OriginConnectionPool<>(loops, connector, settings, PoolListener.NONE);
    }

    private static PoolSettings settings(int max, String wait, int waiters, String idle) {
        return new PoolSettings(max, parse(wait), waiters, parse(idle));
    }

    private static Duration parse(String s) {
        return s.endsWith("ms")
                ? Duration.ofMillis(Long.parseLong(s.substring(0, s.length() - 2)))
                : Duration.ofSeconds(Long.parseLong(s.substring(0, s.length() - 1)));
    }

    private PooledConnection<FakeConnection> acquire(OriginConnectionPool<FakeConnection> pool, EventExecutor loop)
            throws Exception {
        return acquireAsync(pool, loop).get(HANG_SEC, TimeUnit.SECONDS);
    }

    private CompletableFuture<PooledConnection<FakeConnection>> acquireAsync(
            OriginConnectionPool<FakeConnection> pool, EventExecutor loop) {
        CompletableFuture<PooledConnection<FakeConnection>> result = new CompletableFuture<>();
        pool.acquire(loop, ORIGIN, new AcquireCallback<>() {
            @Override
            public void acquired(PooledConnection<FakeConnection> connection) {
                result.complete(connection);
            }

            @Override
            public void failed(Throwable cause) {
                result.completeExceptionally(cause);
            }
        });
        return result;
    }

    private void settle() throws InterruptedException {
        for (int round = 0; round < 3; round++) {
            for (EventExecutor loop : loops) {
                loop.submit(() -> {}).await(5, TimeUnit.SECONDS);
            }
        }
    }
}
