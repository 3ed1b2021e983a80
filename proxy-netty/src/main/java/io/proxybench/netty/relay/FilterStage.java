package io.proxybench.netty.relay;

import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorGroup;
import io.proxybench.core.filter.FilterChain;
import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.ProxyExchange;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * Runs a filter chain where the worker layout says: on the connection's loop (no pool), or on a
 * thread of the filter pool. Either way the result is delivered on the connection's loop; a chain
 * that completes synchronously on that loop is delivered without any hop. An empty chain runs in
 * place whatever the layout; runs bound for the pool go there in batches ({@link FilterBatch}).
 */
final class FilterStage {

    /** Receives the chain's result on the connection's loop. */
    interface Done {
        void filtered(boolean inbound, FilterOutcome outcome, Throwable failure);
    }

    private final EventExecutorGroup pool;
    /** One batch per client loop, made up front: read-only afterwards, so any loop may look its own up. */
    private final Map<EventExecutor, FilterBatch> batches = new IdentityHashMap<>();

    FilterStage(EventExecutorGroup pool, EventExecutorGroup clientLoops) {
        this.pool = pool;
        if (pool != null) {
            for (EventExecutor loop : clientLoops) {
                batches.put(loop, new FilterBatch(loop, pool));
            }
        }
    }

    /**
     * True when there is nothing to run: the request goes on in place. A hop to the pool and back to
     * run an empty chain would cost two thread wake-ups per request and do nothing.
     */
    boolean runsInline(FilterChain chain) {
        return chain.isEmpty();
    }

    /** On {@code home}, the connection's loop. */
    void run(FilterChain chain, boolean inbound, ProxyExchange exchange, EventExecutor home, Done done) {
        if (pool == null) {
            runHere(chain, inbound, exchange, home, done, null);
            return;
        }
        FilterBatch batch = home.inEventLoop() ? batches.get(home) : null;
        if (batch != null) {
            batch.add(results -> runHere(chain, inbound, exchange, home, done, results));
        } else {
            pool.next().execute(() -> runHere(chain, inbound, exchange, home, done, null));
        }
    }

    /**
     * Runs {@code chain}; a result it has at once goes to {@code results} when given (the batch
     * takes it home), else straight to {@code home}.
     */
    private static void runHere(
            FilterChain chain,
            boolean inbound,
            ProxyExchange exchange,
            EventExecutor home,
            Done done,
            List<Runnable> results) {
        CompletionStage<FilterOutcome> stage;
        try {
            stage = chain.run(exchange);
        } catch (RuntimeException e) {
            deliver(home, done, inbound, null, e, results);
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
            deliver(home, done, inbound, outcome, failure, results);
        } else {
            stage.whenComplete((outcome, failure) -> deliver(
                    home,
                    done,
                    inbound,
                    outcome,
                    failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure,
                    null));
        }
    }

    private static void deliver(
            EventExecutor home,
            Done done,
            boolean inbound,
            FilterOutcome outcome,
            Throwable failure,
            List<Runnable> results) {
        if (results != null) {
            results.add(() -> done.filtered(inbound, outcome, failure));
        } else if (home.inEventLoop()) {
            done.filtered(inbound, outcome, failure);
        } else {
            home.execute(() -> done.filtered(inbound, outcome, failure));
        }
    }
}
