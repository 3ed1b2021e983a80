package io.proxybench.core.conformance.filters;

import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.FilterPhase;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.filter.ProxyFilter;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Answers the request itself, so the origin must never see it. */
public final class ShortCircuitFilter implements ProxyFilter {

    @Override
    public FilterPhase phase() {
        return FilterPhase.INBOUND;
    }

    @Override
    public boolean shouldFilter(ProxyExchange exchange) {
        return exchange.requestHeaders().contains(ConformanceFilters.SHORT_CIRCUIT);
    }

    @Override
    public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
        int status;
        try {
            status = Integer.parseInt(exchange.requestHeaders()
                    .get(ConformanceFilters.SHORT_CIRCUIT)
                    .trim());
        } catch (NumberFormatException e) {
            status = 403;
        }
        return CompletableFuture.completedStage(FilterOutcome.respond(status, ConformanceFilters.SHORT_CIRCUIT_BODY));
    }
}
