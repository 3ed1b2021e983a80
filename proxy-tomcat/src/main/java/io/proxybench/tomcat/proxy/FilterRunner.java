package io.proxybench.tomcat.proxy;

import io.proxybench.core.filter.FilterChain;
import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.ProxyExchange;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a filter chain the Zuul 1 way: on the request thread, waiting for a filter that completes
 * later. Synchronous filters complete before {@code run} returns, so they cost no wait at all.
 */
final class FilterRunner {

    private final long timeoutNanos;

    FilterRunner(Duration timeout) {
        this.timeoutNanos = timeout.toNanos();
    }

    /**
     * @throws FilterFailure when a filter threw, failed its stage or did not complete in time
     */
    FilterOutcome run(FilterChain chain, ProxyExchange exchange) throws FilterFailure, InterruptedException {
        if (chain.isEmpty()) {
            return FilterOutcome.proceed();
        }
        CompletableFuture<FilterOutcome> outcome;
        try {
            outcome = chain.run(exchange).toCompletableFuture();
        } catch (RuntimeException e) {
            throw new FilterFailure(e.toString(), e);
        }
        try {
            return outcome.get(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new FilterFailure(cause.getMessage() == null ? cause.toString() : cause.getMessage(), cause);
        } catch (TimeoutException e) {
            outcome.cancel(false);
            throw new FilterFailure(
                    chain.phase() + " filters did not complete within " + Duration.ofNanos(timeoutNanos), e);
        }
    }

    /** A filter of the chain failed; the front end answers 500 and counts {@code proxy.errors.filter}. */
    static final class FilterFailure extends Exception {

        private static final long serialVersionUID = 1L;

        FilterFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
