package io.proxybench.core.metrics;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Which slot of a striped metric the calling thread writes. Each thread keeps the slot it was first
 * given, so on proxy-netty the event loops, which start together and serve every request, each
 * write slots of their own and no cache line travels between cores per request; Tomcat's many
 * workers share slots, which costs them a contended atomic now and then, never a lock.
 */
final class ThreadStripe {

    /** Two slots per core at least, a power of two. */
    static final int COUNT =
            Integer.highestOneBit(Math.max(1, 2 * Runtime.getRuntime().availableProcessors() - 1)) << 1;

    private static final AtomicInteger NEXT = new AtomicInteger();
    private static final ThreadLocal<Integer> INDEX = ThreadLocal.withInitial(NEXT::getAndIncrement);

    private ThreadStripe() {}

    static int index() {
        return INDEX.get() & (COUNT - 1);
    }
}
