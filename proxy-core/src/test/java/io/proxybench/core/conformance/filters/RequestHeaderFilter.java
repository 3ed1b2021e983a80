package io.proxybench.core.conformance.filters;

import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.FilterPhase;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.filter.ProxyFilter;
import java.util.concurrent.CompletionStage;

/** Adds one request header and removes another: the origin must see both changes. */
public final class RequestHeaderFilter implements ProxyFilter {

    @Override
    public FilterPhase phase() {
        return FilterPhase.INBOUND;
    }

    @Override
    public boolean shouldFilter(ProxyExchange exchange) {
        return exchange.requestHeaders().contains(ConformanceFilters.INBOUND);
    }

    @Override
    public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
        exchange.requestHeaders()
                .set(ConformanceFilters.INBOUND_ADDED, exchange.requestHeaders().get(ConformanceFilters.INBOUND))
                .remove(ConformanceFilters.REMOVE_ME);
        return FilterOutcome.proceedNow();
    }
}
