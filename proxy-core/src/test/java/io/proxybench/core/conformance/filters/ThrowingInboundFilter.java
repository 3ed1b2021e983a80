package io.proxybench.core.conformance.filters;

import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.FilterPhase;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.filter.ProxyFilter;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Fails on purpose, by throwing or with a failed stage: the client must get a 500, the proxy go on. */
public final class ThrowingInboundFilter implements ProxyFilter {

    @Override
    public FilterPhase phase() {
        return FilterPhase.INBOUND;
    }

    @Override
    public int order() {
        return 20;
    }

    @Override
    public boolean shouldFilter(ProxyExchange exchange) {
        String mode = exchange.requestHeaders().get(ConformanceFilters.THROW);
        return "inbound".equals(mode) || "inbound-async".equals(mode);
    }

    @Override
    public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
        IllegalStateException failure = new IllegalStateException("inbound filter failed on purpose");
        if ("inbound-async".equals(exchange.requestHeaders().get(ConformanceFilters.THROW))) {
            return CompletableFuture.failedStage(failure);
        }
        throw failure;
    }
}
