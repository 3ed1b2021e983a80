package io.proxybench.core.conformance.filters;

import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.FilterPhase;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.filter.ProxyFilter;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

/**
 * Completes on another thread after a short pause, as a filter that calls a service would: the
 * front end must carry on from that thread's completion and keep the header it added.
 */
public final class AsyncHeaderFilter implements ProxyFilter {

    @Override
    public FilterPhase phase() {
        return FilterPhase.INBOUND;
    }

    @Override
    public int order() {
        return 10;
    }

    @Override
    public boolean shouldFilter(ProxyExchange exchange) {
        return exchange.requestHeaders().contains(ConformanceFilters.ASYNC);
    }

    @Override
    public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
        return CompletableFuture.supplyAsync(
                () -> {
                    exchange.requestHeaders().set(ConformanceFilters.ASYNC_ADDED, "done");
                    return FilterOutcome.proceed();
                },
                CompletableFuture.delayedExecutor(20, TimeUnit.MILLISECONDS));
    }
}
