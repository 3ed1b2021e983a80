package io.proxybench.netty.relay;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;
import io.proxybench.core.filter.FilterChain;
import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.ProxyExchange;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * Runs a filter chain where the worker layout says: on the connection's loop (no pool), or on a
 * thread of the filter pool. Either way the result is delivered on the connection's loop; a chain
 * that completes synchronously on that loop is delivered without any hop.
 */
final class FilterStage {

    /** Receives the chain's result on the connection's loop. */
    interface Done {
        void filtered(boolean inbound, FilterOutcome outcome, Throwable failure);
    }

    private final EventExecutorGroup pool;

    FilterStage(EventExecutorGroup pool) {
        this.pool = pool;
    }

    /** True when the chain would run in place: nothing to run and no pool to hop to. */
    boolean runsInline(FilterChain chain) {
        return pool == null && chain.isEmpty();
    }

    void run(FilterChain chain, boolean inbound, ProxyExchange exchange, EventExecutor home, Done done) {
        if (pool == null) {
            runHere(chain, inbound, exchange, home, done);
        } else {
            pool.next().execute(() -> runHere(chain, inbound, exchange, home, done));
        }
    }

    private static void runHere(FilterChain chain, boolean inbound, ProxyExchange exchange, EventExecutor home, Done done) {
        CompletionStage<FilterOutcome> stage;
        try {
            stage = chain.run(exchange);
        } catch (RuntimeException e) {
            deliver(home, done, inbound, null, e);
            return;
        }
        CompletableFuture<FilterOutcome> f = stage.toCompletableFuture();
        if (f.isDone()) {
            FilterOutcome outcome = null;
            Throwable failure = null;
            try {
                outcome = f.join();
            } catch (CompletionException e) {
                failure = e.getCause() != null ? e.getCause() : e;
            } catch (CancellationException e) {
                failure = e;
            }
            deliver(home, done, inbound, outcome, failure);
        } else {
            stage.whenComplete((outcome, failure) -> deliver(home, done, inbound, outcome,
                    failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure));
        }
    }

    private static void deliver(EventExecutor home, Done done, boolean inbound, FilterOutcome outcome, Throwable failure) {
        if (home.inEventLoop()) {
            done.filtered(inbound, outcome, failure);
        } else {
            home.execute(() -> done.filtered(inbound, outcome, failure));
        }
    }
}
