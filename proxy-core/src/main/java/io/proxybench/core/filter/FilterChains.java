package io.proxybench.core.filter;

import java.util.List;

/** The inbound and outbound chains a front end runs, built once at start. */
public record FilterChains(FilterChain inbound, FilterChain outbound) {

    public static FilterChains of(List<? extends ProxyFilter> filters) {
        return new FilterChains(
                FilterChain.of(FilterPhase.INBOUND, filters), FilterChain.of(FilterPhase.OUTBOUND, filters));
    }

    public static FilterChains none() {
        return of(List.of());
    }
}
