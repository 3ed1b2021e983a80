package io.proxybench.netty.http;

import io.netty.handler.codec.DefaultHeaders;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;

/**
 * Makes the {@link CompactHttpHeaders} every decoded message carries, with Netty's own name and
 * value validators: a token for a name, no line break or control character in a value, and for
 * trailers no framing field.
 */
public final class CompactHeadersFactory implements HttpHeadersFactory {

    /** Message heads: room for a handful of headers plus the few this proxy adds, before growing. */
    public static final CompactHeadersFactory HEADERS =
            new CompactHeadersFactory(DefaultHttpHeadersFactory.headersFactory(), 6);
    /** Trailers, with Netty's trailer rules; nearly always empty, so they start with no storage. */
    public static final CompactHeadersFactory TRAILERS =
            new CompactHeadersFactory(DefaultHttpHeadersFactory.trailersFactory(), 2);

    private final DefaultHeaders.NameValidator<CharSequence> names;
    private final DefaultHeaders.ValueValidator<CharSequence> values;
    private final int expectedHeaders;

    private CompactHeadersFactory(DefaultHttpHeadersFactory rules, int expectedHeaders) {
        this.names = rules.getNameValidator();
        this.values = rules.getValueValidator();
        this.expectedHeaders = expectedHeaders;
    }

    @Override
    public HttpHeaders newHeaders() {
        return new CompactHttpHeaders(this);
    }

    @Override
    public HttpHeaders newEmptyHeaders() {
        return new CompactHttpHeaders(this);
    }

    int expectedHeaders() {
        return expectedHeaders;
    }

    void validateName(CharSequence name) {
        names.validateName(name);
    }

    /** Netty's wording, so a refused value reads the same whichever storage refused it. */
    void validateValue(CharSequence name, CharSequence value) {
        try {
            values.validate(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Validation failed for header '" + name + "'", e);
        }
    }
}
