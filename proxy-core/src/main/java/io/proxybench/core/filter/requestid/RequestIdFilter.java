package io.proxybench.core.filter.requestid;

import io.proxybench.core.filter.FilterOutcome;
import io.proxybench.core.filter.FilterPhase;
import io.proxybench.core.filter.ProxyExchange;
import io.proxybench.core.filter.ProxyFilter;
import io.proxybench.core.http.Headers;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Inbound: makes sure the origin sees exactly one {@code X-Request-Id}. A client's own id is kept when it is
 * one value of 1 to {@value #MAX_LENGTH} characters from {@code A-Z a-z 0-9 . _ : -}; anything else (two
 * values, spaces, control characters, an id longer than that) is replaced, so what reaches the origin's log
 * is always one short token. A new id is 32 random hex digits from the calling thread's own generator: no
 * state shared between event loops.
 */
public final class RequestIdFilter implements ProxyFilter {

    public static final String HEADER = "X-Request-Id";
    static final int MAX_LENGTH = 64;
    private static final HexFormat HEX = HexFormat.of();

    @Override
    public FilterPhase phase() {
        return FilterPhase.INBOUND;
    }

    @Override
    public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
        Headers headers = exchange.requestHeaders();
        List<String> sent = headers.getAll(HEADER);
        if (sent.size() != 1 || !wellFormed(sent.get(0))) {
            headers.set(HEADER, newId());
        }
        return FilterOutcome.proceedNow();
    }

    static boolean wellFormed(String id) {
        int length = id.length();
        if (length == 0 || length > MAX_LENGTH) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            char c = id.charAt(i);
            boolean ok = c >= 'a' && c <= 'z'
                    || c >= 'A' && c <= 'Z'
                    || c >= '0' && c <= '9'
                    || c == '.'
                    || c == '_'
                    || c == ':'
                    || c == '-';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    static String newId() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return HEX.toHexDigits(random.nextLong()) + HEX.toHexDigits(random.nextLong());
    }
}
