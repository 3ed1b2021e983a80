package io.proxybench.core.conformance.filters;

import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.FilterPhase;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.filter.ProxyFilter;
import io.proxybench.core.http.Headers;
import java.util.concurrent.CompletionStage;

/** Adds a response header and changes one the origin sent: the client must see both. */
public final class ResponseHeaderFilter implements ProxyFilter {

    @Override
    public FilterPhase phase() {
        return FilterPhase.OUTBOUND;
    }

    @Override
    public boolean shouldFilter(ProxyExchange exchange) {
        return exchange.requestHeaders().contains(ConformanceFilters.OUTBOUND);
    }

    @Override
    public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
        Headers response = exchange.responseHeaders();
        response.set(ConformanceFilters.OUTBOUND_ADDED, "status=" + exchange.responseStatus());
        if (response.contains(ConformanceFilters.REPLACED)) {
            response.set(ConformanceFilters.REPLACED, ConformanceFilters.REPLACED_VALUE);
        }
        return FilterOutcome.proceedNow();
    }
}
