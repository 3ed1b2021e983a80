package io.proxybench.core.filter;

/** When a filter runs: before the request is routed, or after the origin's response headers arrive. */
public enum FilterPhase {
    INBOUND,
    OUTBOUND
}
