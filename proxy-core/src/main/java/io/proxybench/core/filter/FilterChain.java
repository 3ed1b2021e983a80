package io.proxybench.core.filter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The filters of one phase in run order. Runs them one after another; a short-circuit from an
 * inbound filter stops the chain. A filter that throws or fails its stage fails the chain.
 *
 * <p>Immutable and shared by all requests. When every filter completes synchronously the chain
 * completes on the calling thread with no thread hop.
 */
public final class FilterChain {

    private final FilterPhase phase;
    private final ProxyFilter[] filters;

    private FilterChain(FilterPhase phase, ProxyFilter[] filters) {
        this.phase = phase;
        this.filters = filters;
    }

    /** Keeps the filters of {@code phase} from {@code all}, sorted by order (stable). */
    public static FilterChain of(FilterPhase phase, List<? extends ProxyFilter> all) {
        List<ProxyFilter> selected = new ArrayList<>();
        for (ProxyFilter f : all) {
            if (f.phase() == phase) {
                selected.add(f);
            }
        }
        selected.sort(Comparator.comparingInt(ProxyFilter::order));
        return new FilterChain(phase, selected.toArray(new ProxyFilter[0]));
    }

    public FilterPhase phase() {
        return phase;
    }

    public boolean isEmpty() {
        return filters.length == 0;
    }

    public List<ProxyFilter> filters() {
        return List.of(filters);
    }

    /**
     * Runs the chain. The stage completes with the short-circuit outcome of the first filter that
     * answered, or with {@link FilterOutcome#proceed()}; exceptionally with {@link FilterException}
     * when a filter failed.
     */
    public CompletionStage<FilterOutcome> run(ProxyExchange exchange) {
        if (filters.length == 0) {
            return FilterOutcome.proceedNow();
        }
        return runFrom(0, exchange);
    }

    private CompletionStage<FilterOutcome> runFrom(int index, ProxyExchange exchange) {
        for (int i = index; i < filters.length; i++) {
            ProxyFilter filter = filters[i];
            CompletionStage<FilterOutcome> stage;
            try {
                if (!filter.shouldFilter(exchange)) {
                    continue;
                }
                stage = filter.apply(exchange);
            } catch (RuntimeException e) {
                return CompletableFuture.failedStage(new FilterException(filter, e));
            }
            if (stage == null) {
                return CompletableFuture.failedStage(
                        new FilterException(filter, new NullPointerException("apply returned null")));
            }
            CompletableFuture<FilterOutcome> future = stage.toCompletableFuture();
            if (future.isDone() && !future.isCompletedExceptionally()) {
                FilterOutcome outcome = future.join();
                FilterOutcome checked = check(filter, outcome);
                if (checked == null) {
                    return CompletableFuture.failedStage(new FilterException(filter, misuse(outcome)));
                }
                if (checked.isResponse()) {
                    return CompletableFuture.completedStage(checked);
                }
                continue;
            }
            int next = i + 1;
            return stage.handle((outcome, error) -> {
                        if (error != null) {
                            return CompletableFuture.<FilterOutcome>failedStage(new FilterException(filter, error));
                        }
                        FilterOutcome checked = check(filter, outcome);
                        if (checked == null) {
                            return CompletableFuture.<FilterOutcome>failedStage(
                                    new FilterException(filter, misuse(outcome)));
                        }
                        return checked.isResponse()
                                ? CompletableFuture.completedStage(checked)
                                : runFrom(next, exchange);
                    })
                    .thenCompose(s -> s);
        }
        return FilterOutcome.proceedNow();
    }

    /** Returns the outcome if this phase allows it, else {@code null}. */
    private FilterOutcome check(ProxyFilter filter, FilterOutcome outcome) {
        if (outcome == null) {
            return null;
        }
        if (outcome.isResponse() && phase == FilterPhase.OUTBOUND) {
            return null;
        }
        return outcome;
    }

    private RuntimeException misuse(FilterOutcome outcome) {
        return outcome == null
                ? new NullPointerException("filter completed with null outcome")
                : new IllegalStateException(
                        "an outbound filter cannot short-circuit; change status and headers instead");
    }
}
