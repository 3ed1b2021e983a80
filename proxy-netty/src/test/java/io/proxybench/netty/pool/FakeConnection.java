package io.proxybench.netty.pool;

import io.netty.util.concurrent.EventExecutor;
import io.proxybench.core.route.OriginAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/** Stands in for an origin socket: knows its loop, whether it is closed and who holds it. */
final class FakeConnection {

    final int id;
    final EventExecutor loop;
    final OriginAddress origin;
    final AtomicBoolean inUse = new AtomicBoolean();
    private volatile boolean closed;
    private final List<Runnable> onClose = new ArrayList<>(1);

    FakeConnection(int id, EventExecutor loop, OriginAddress origin) {
        this.id = id;
        this.loop = loop;
        this.origin = origin;
    }

    boolean isClosed() {
        return closed;
    }

    /** Closes from any thread; close actions run on the loop, like a channel's close future. */
    void close() {
        loop.execute(() -> {
            if (closed) {
                return;
            }
            closed = true;
            for (Runnable r : onClose) {
                r.run();
            }
        });
    }

    void onClose(Runnable action) {
        loop.execute(() -> {
            if (closed) {
                action.run();
            } else {
                onClose.add(action);
            }
        });
    }

    @Override
    public String toString() {
        return "fake#" + id;
    }
}
