package io.proxybench.netty.relay;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The client connections of one event loop and their deadlines, checked by one periodic task for
 * all of them instead of a timer per connection: an idle connection holds no scheduled task, and a
 * request schedules nothing. The same list serves shutdown ({@link #drainAll}, {@link #closeAll}),
 * so a connection needs no entry in a shared set nor a close listener of its own. A deadline is
 * noticed at most one tick late; the tick is a quarter of the shorter client timeout, between
 * 10 ms and 1 s. The task stops itself at a tick that finds no
 * connection, and starts again with the next one, so connections that come and go schedule at
 * most one task per tick. Loop-confined.
 */
final class ClientDeadlines {

    private static final long MIN_TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    private static final long MAX_TICK_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final EventExecutor loop;
    final long headTimeoutNanos;
    final long idleTimeoutNanos;
    /** Runs once for every connection that closes (counts and gauges of the server). */
    private final Runnable connectionClosed;
    /** Shared by the loop's connections: see {@link ClientAddressTexts}. */
    final ClientAddressTexts addressTexts = new ClientAddressTexts();

    private final long tickNanos;
    private ClientTimeouts[] watched = new ClientTimeouts[16];
    private int size;
    private ScheduledFuture<?> ticking;

    ClientDeadlines(EventExecutor loop, long headTimeoutNanos, long idleTimeoutNanos, Runnable connectionClosed) {
        this.loop = loop;
        this.headTimeoutNanos = headTimeoutNanos;
        this.idleTimeoutNanos = idleTimeoutNanos;
        this.connectionClosed = connectionClosed;
        this.tickNanos =
                Math.max(MIN_TICK_NANOS, Math.min(MAX_TICK_NANOS, Math.min(headTimeoutNanos, idleTimeoutNanos) / 4));
    }

    void add(ClientTimeouts t) {
        if (size == watched.length) {
            watched = Arrays.copyOf(watched, size * 2);
        }
        t.slot = size;
        watched[size++] = t;
        if (ticking == null) {
            ticking = loop.scheduleAtFixedRate(this::tick, tickNanos, tickNanos, TimeUnit.NANOSECONDS);
        }
    }

    /** The connection closed: it leaves the list, and the server's counts. */
    void remove(ClientTimeouts t) {
        int i = t.slot;
        if (i < 0) {
            return;
        }
        connectionClosed.run();
        ClientTimeouts last = watched[--size];
        watched[i] = last;
        last.slot = i;
        watched[size] = null;
        t.slot = -1;
    }

    private void tick() {
        if (size == 0) {
            ticking.cancel(false);
            ticking = null;
            if (watched.length > 1024) {
                watched = new ClientTimeouts[16]; // a burst of connections is over: give its array back
            }
            return;
        }
        long now = System.nanoTime();
        // Backwards: a connection that closes from its check leaves, and the last one takes its slot.
        for (int i = size - 1; i >= 0; i--) {
            if (i < size) {
                watched[i].check(now);
            }
        }
    }

    /** Shutdown, from any thread: every connection of this loop closes once idle. */
    void drainAll() {
        loop.execute(() -> {
            for (ClientTimeouts t : Arrays.copyOf(watched, size)) {
                t.client.drain();
            }
        });
    }

    /** Shutdown, from any thread: every connection of this loop closes now. */
    void closeAll() {
        loop.execute(() -> {
            for (ClientTimeouts t : Arrays.copyOf(watched, size)) {
                t.client.ctx.close();
            }
        });
    }
}
