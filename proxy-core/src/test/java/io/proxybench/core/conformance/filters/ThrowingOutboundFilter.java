package io.proxybench.core.conformance.filters;

import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.FilterPhase;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.filter.ProxyFilter;
import java.util.concurrent.CompletionStage;

/** Throws after the origin answered: the client must get a 500, not the origin's half-filtered response. */
public final class ThrowingOutboundFilter implements ProxyFilter {

    @Override
    public FilterPhase phase() {
        return FilterPhase.OUTBOUND;
    }

    @Override
    public boolean shouldFilter(ProxyExchange exchange) {
        return "outbound".equals(exchange.requestHeaders().get(ConformanceFilters.THROW));
    }

    @Override
    public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
        throw new IllegalStateException("outbound filter failed on purpose");
    }
}
