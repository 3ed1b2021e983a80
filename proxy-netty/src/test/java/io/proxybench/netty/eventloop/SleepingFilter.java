package io.proxybench.netty.eventloop;

import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.FilterPhase;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.filter.ProxyFilter;
import java.util.concurrent.CompletionStage;

/** Breaks the filter contract on purpose: blocks the thread it runs on when asked to. */
public final class SleepingFilter implements ProxyFilter {

    @Override
    public FilterPhase phase() {
        return FilterPhase.INBOUND;
    }

    @Override
    public boolean shouldFilter(ProxyExchange exchange) {
        return exchange.requestHeaders().contains("X-Sleep-Ms");
    }

    @Override
    public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
        try {
            Thread.sleep(Long.parseLong(exchange.requestHeaders().get("X-Sleep-Ms")));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return FilterOutcome.proceedNow();
    }
}
