package io.proxybench.netty.http;

import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;
import io.proxybench.core.http.Headers;
import io.proxybench.core.http.HopByHopHeaders;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** Netty's own header storage seen through the filter API: every call goes straight to it, nothing is copied. */
public final class NettyHeaders implements Headers {

    private static final AsciiString[] HOP_BY_HOP =
            HopByHopHeaders.FIXED.stream().map(AsciiString::of).toArray(AsciiString[]::new);

    private final HttpHeaders headers;

    public NettyHeaders(HttpHeaders headers) {
        this.headers = headers;
    }

    /**
     * Whether any header is one {@link HopByHopHeaders} would remove. One pass over the (usually
     * few) entries, so the common message with none skips the strip's lookups entirely.
     */
    public static boolean mayCarryHopByHop(HttpHeaders headers) {
        if (headers instanceof CompactHttpHeaders compact) {
            return compact.containsAnyName(HOP_BY_HOP);
        }
        Iterator<Map.Entry<CharSequence, CharSequence>> it = headers.iteratorCharSequence();
        while (it.hasNext()) {
            CharSequence name = it.next().getKey();
            for (AsciiString hop : HOP_BY_HOP) {
                if (hop.contentEqualsIgnoreCase(name)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public String get(String name) {
        return headers.get(name);
    }

    @Override
    public List<String> getAll(String name) {
        return headers.getAll(name);
    }

    @Override
    public boolean contains(String name) {
        return headers.contains(name);
    }

    @Override
    public Headers set(String name, String value) {
        headers.set(name, value);
        return this;
    }

    @Override
    public Headers add(String name, String value) {
        headers.add(name, value);
        return this;
    }

    @Override
    public Headers remove(String name) {
        headers.remove(name);
        return this;
    }

    /** One pass over compact storage, where removing name by name would scan it once per name. */
    @Override
    public Headers removeIf(Predicate<String> nameTest) {
        if (headers instanceof CompactHttpHeaders compact) {
            compact.removeNamesMatching(nameTest);
            return this;
        }
        return Headers.super.removeIf(nameTest);
    }

    @Override
    public Set<String> names() {
        return headers.names();
    }

    @Override
    public int size() {
        return headers.size();
    }

    @Override
    public String toString() {
        return headers.toString();
    }
}
