package io.proxybench.core.filter;

import io.proxybench.core.http.Headers;
import io.proxybench.core.http.MapHeaders;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** What a filter decided: go on, or answer the client now (short-circuit). */
public final class FilterOutcome {

    private static final FilterOutcome PROCEED = new FilterOutcome(0, null, null);
    private static final CompletionStage<FilterOutcome> PROCEED_NOW = CompletableFuture.completedStage(PROCEED);

    private final int status;
    private final Headers headers;
    private final byte[] body;

    private FilterOutcome(int status, Headers headers, byte[] body) {
        this.status = status;
        this.headers = headers;
        this.body = body;
    }

    public static FilterOutcome proceed() {
        return PROCEED;
    }

    /** An already completed stage of {@link #proceed()}, shared, for synchronous filters. */
    public static CompletionStage<FilterOutcome> proceedNow() {
        return PROCEED_NOW;
    }

    /** Answer the client with {@code status} and a short text body; the origin is not called. */
    public static FilterOutcome respond(int status, String textBody) {
        MapHeaders headers = new MapHeaders();
        headers.set("Content-Type", "text/plain; charset=utf-8");
        return respond(status, headers, textBody.getBytes(StandardCharsets.UTF_8));
    }

    public static FilterOutcome respond(int status, Headers headers, byte[] body) {
        if (status < 100 || status > 999) {
            throw new IllegalArgumentException("status out of range: " + status);
        }
        return new FilterOutcome(status, Objects.requireNonNull(headers), Objects.requireNonNull(body));
    }

    public boolean isResponse() {
        return status != 0;
    }

    public int status() {
        return status;
    }

    public Headers headers() {
        return headers;
    }

    public byte[] body() {
        return body;
    }

    @Override
    public String toString() {
        return isResponse() ? "respond " + status : "proceed";
    }
}
