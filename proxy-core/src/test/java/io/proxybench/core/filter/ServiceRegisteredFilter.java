package io.proxybench.core.filter;

import java.util.concurrent.CompletionStage;

/** Registered in META-INF/services of the test classpath; only proves ServiceLoader discovery. */
public final class ServiceRegisteredFilter implements ProxyFilter {

    @Override
    public FilterPhase phase() {
        return FilterPhase.INBOUND;
    }

    @Override
    public boolean shouldFilter(ProxyExchange exchange) {
        return false;
    }

    @Override
    public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
        return FilterOutcome.proceedNow();
    }
}
