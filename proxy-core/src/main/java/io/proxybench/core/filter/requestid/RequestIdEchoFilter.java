package io.proxybench.core.filter.requestid;

import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.FilterPhase;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.filter.ProxyFilter;
import java.util.concurrent.CompletionStage;

/**
 * Outbound: the response carries the id the origin was sent, whatever the origin answered in that header,
 * so the client can quote it. Without {@link RequestIdFilter} before it, it echoes a client's own id when
 * that is well formed by the same rule, and adds nothing otherwise.
 */
public final class RequestIdEchoFilter implements ProxyFilter {

    @Override
    public FilterPhase phase() {
        return FilterPhase.OUTBOUND;
    }

    @Override
    public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
        String id = exchange.requestHeaders().get(RequestIdFilter.HEADER);
        if (id != null && RequestIdFilter.wellFormed(id)) {
            exchange.responseHeaders().set(RequestIdFilter.HEADER, id);
        }
        return FilterOutcome.proceedNow();
    }
}
