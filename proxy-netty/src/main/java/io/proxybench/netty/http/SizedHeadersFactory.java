package io.proxybench.netty.http;

import io.netty.handler.codec.DefaultHeaders;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;

/**
 * Netty's own header storage and validation for the messages the decoders make, with fewer hash
 * buckets than Netty's 16: every decoded message gets one such table (and every fixed-length body
 * one more, for trailers that almost never come), so its size is paid per request. A message head
 * carries a handful of headers, and trailers are nearly always empty; lookups stay correct with
 * any bucket count, a chain is only a little longer.
 */
public final class SizedHeadersFactory implements HttpHeadersFactory {

    /** Message heads: a handful of headers, plus the few this proxy adds. */
    public static final SizedHeadersFactory HEADERS = new SizedHeadersFactory(DefaultHttpHeadersFactory.headersFactory(), 8);
    /** Trailers, with Netty's trailer rules (no framing or routing fields). */
    public static final SizedHeadersFactory TRAILERS = new SizedHeadersFactory(DefaultHttpHeadersFactory.trailersFactory(), 2);

    private final DefaultHttpHeadersFactory rules;
    private final int buckets;

    private SizedHeadersFactory(DefaultHttpHeadersFactory rules, int buckets) {
        this.rules = rules;
        this.buckets = buckets;
    }

    @Override
    public HttpHeaders newHeaders() {
        return new Sized(rules.getNameValidator(), rules.getValueValidator(), buckets);
    }

    @Override
    public HttpHeaders newEmptyHeaders() {
        return rules.newEmptyHeaders();
    }

    /** Exists only to reach the bucket-count constructor, which Netty keeps protected. */
    private static final class Sized extends DefaultHttpHeaders {
        Sized(DefaultHeaders.NameValidator<CharSequence> names, DefaultHeaders.ValueValidator<CharSequence> values,
              int buckets) {
            super(names, values, buckets);
        }
    }
}
