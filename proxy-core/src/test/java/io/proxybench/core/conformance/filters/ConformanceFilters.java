package io.proxybench.core.conformance.filters;

import java.util.List;

/**
 * The filters the suite loads into every front end by class name (config key {@code filters}).
 * Each acts only when a request carries its trigger header, so cases don't disturb each other.
 */
public final class ConformanceFilters {

    /** Value {@code N}: the filter answers status N itself (403 when N is not a number). */
    public static final String SHORT_CIRCUIT = "X-Test-Short-Circuit";

    public static final String SHORT_CIRCUIT_BODY = "answered by ShortCircuitFilter";

    /** Value {@code V}: the origin must see {@code X-Filter-Inbound: V} and no {@link #REMOVE_ME}. */
    public static final String INBOUND = "X-Test-Inbound";

    public static final String INBOUND_ADDED = "X-Filter-Inbound";
    public static final String REMOVE_ME = "X-Test-Remove-Me";

    /**
     * Present: the client must see {@code X-Filter-Outbound: status=<origin status>} and a changed
     * {@code X-Replace-Me}.
     */
    public static final String OUTBOUND = "X-Test-Outbound";

    public static final String OUTBOUND_ADDED = "X-Filter-Outbound";
    public static final String REPLACED = "X-Replace-Me";
    public static final String REPLACED_VALUE = "replaced-by-filter";

    /** Value {@code inbound}, {@code inbound-async} or {@code outbound}: that filter fails. */
    public static final String THROW = "X-Test-Throw";

    /** Present: an inbound filter completes later on another thread and adds {@code X-Filter-Async: done}. */
    public static final String ASYNC = "X-Test-Async";

    public static final String ASYNC_ADDED = "X-Filter-Async";

    private ConformanceFilters() {}

    /** Class names for the {@code filters} config key. */
    public static String classNames() {
        return String.join(
                ",",
                List.of(
                        ShortCircuitFilter.class.getName(),
                        RequestHeaderFilter.class.getName(),
                        AsyncHeaderFilter.class.getName(),
                        ThrowingInboundFilter.class.getName(),
                        ResponseHeaderFilter.class.getName(),
                        ThrowingOutboundFilter.class.getName()));
    }
}
