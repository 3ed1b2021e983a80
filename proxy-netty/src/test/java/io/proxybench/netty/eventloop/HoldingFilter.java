package io.proxybench.netty.eventloop;

import io.proxybench.common.testing.Eventually;
import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.FilterPhase;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.filter.ProxyFilter;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Breaks the filter contract on purpose: holds the thread it runs on. A request with {@value #HOLD}
 * waits until the test opens the {@link Gate}, then one with {@value #SLEEP_MS} sleeps that long on
 * top. The proxy makes the filter from its class name, so the test reaches the gate through a static.
 */
public final class HoldingFilter implements ProxyFilter {

    static final String HOLD = "X-Hold";
    static final String SLEEP_MS = "X-Sleep-Ms";

    private static volatile Gate gate = new Gate();

    /** A closed gate for the next held request. */
    static Gate newGate() {
        gate = new Gate();
        return gate;
    }

    @Override
    public FilterPhase phase() {
        return FilterPhase.INBOUND;
    }

    @Override
    public boolean shouldFilter(ProxyExchange exchange) {
        return exchange.requestHeaders().contains(HOLD)
                || exchange.requestHeaders().contains(SLEEP_MS);
    }

    @Override
    public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
        Gate held = gate;
        held.entered.countDown();
        try {
            // a test that fails before opening the gate must not leave the thread held for good
            if (exchange.requestHeaders().contains(HOLD)
                    && !held.open.await(Eventually.DEFAULT.toSeconds(), TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never opened the gate");
            }
            String sleepMs = exchange.requestHeaders().get(SLEEP_MS);
            if (sleepMs != null) {
                Thread.sleep(Long.parseLong(sleepMs));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return FilterOutcome.proceedNow();
    }

    /** Where the test learns that a request is held, and lets it go. */
    static final class Gate {
        private final CountDownLatch entered = new CountDownLatch(1);
        private final CountDownLatch open = new CountDownLatch(1);

        void awaitEntered() throws InterruptedException {
            if (!entered.await(Eventually.DEFAULT.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError("no request reached the filter");
            }
        }

        void open() {
            open.countDown();
        }
    }
}
