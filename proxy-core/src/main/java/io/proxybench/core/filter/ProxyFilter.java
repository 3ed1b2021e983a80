package io.proxybench.core.filter;

import java.util.concurrent.CompletionStage;

/**
 * A Zuul-style filter. It sees the request line and headers, the client address and, outbound,
 * the response status and headers — never a body, so bodies can stream through untouched.
 *
 * <p>{@link #apply} must not block: a filter that needs I/O returns a stage that completes later.
 * A front end may call it on an event-loop thread. Filters must be thread-safe; one instance
 * serves every request. A public no-argument constructor is required so the class can be loaded
 * by {@link java.util.ServiceLoader} or by name from config.
 */
public interface ProxyFilter {

    FilterPhase phase();

    /** Lower runs first within a phase; ties keep the load order. */
    default int order() {
        return 0;
    }

    /** Cheap test that decides whether {@link #apply} runs for this exchange. */
    default boolean shouldFilter(ProxyExchange exchange) {
        return true;
    }

    /**
     * Does the filter's work. Return {@link FilterOutcome#proceed()} to go on, or, in the inbound
     * phase only, {@link FilterOutcome#respond} to answer the client without calling the origin.
     */
    CompletionStage<FilterOutcome> apply(ProxyExchange exchange);
}
