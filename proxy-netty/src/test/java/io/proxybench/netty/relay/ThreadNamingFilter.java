package io.proxybench.netty.relay;

import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.FilterPhase;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.filter.ProxyFilter;
import java.util.concurrent.CompletionStage;

/**
 * Tells the client where its response's outbound filters ran and which request they ran for: the
 * thread's name and the request's id, as the filter saw them.
 */
public final class ThreadNamingFilter implements ProxyFilter {

    static final String THREAD = "X-Filtered-On";
    static final String FOR = "X-Filtered-For";

    @Override
    public FilterPhase phase() {
        return FilterPhase.OUTBOUND;
    }

    @Override
    public boolean shouldFilter(ProxyExchange exchange) {
        return true;
    }

    @Override
    public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
        exchange.responseHeaders()
                .set(THREAD, Thread.currentThread().getName())
                .set(FOR, String.valueOf(exchange.requestHeaders().get(OriginRequests.REQUEST_ID)));
        return FilterOutcome.proceedNow();
    }
}
