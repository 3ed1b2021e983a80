package io.proxybench.tomcat.origin;

import java.io.IOException;
import java.io.InputStream;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.ProtocolException;
import org.apache.hc.core5.http.io.HttpMessageParser;
import org.apache.hc.core5.http.io.HttpMessageParserFactory;
import org.apache.hc.core5.http.io.SessionInputBuffer;

/**
 * A response parser that bounds the interim (1xx) responses before a final one. Each interim
 * response counts as the origin answering, so no read timeout ends an endless stream of them;
 * past the bound the exchange fails as an origin protocol error (502) and the connection goes.
 * One parser per connection, used by one request thread at a time.
 */
final class InterimBoundedParser implements HttpMessageParser<ClassicHttpResponse> {

    /** Real origins send one or two. */
    static final int MAX_INTERIM_RESPONSES = 100;

    private final HttpMessageParser<ClassicHttpResponse> delegate;
    private int interim;

    private InterimBoundedParser(HttpMessageParser<ClassicHttpResponse> delegate) {
        this.delegate = delegate;
    }

    static HttpMessageParserFactory<ClassicHttpResponse> factory(
            HttpMessageParserFactory<ClassicHttpResponse> parsers) {
        return config -> new InterimBoundedParser(parsers.create(config));
    }

    @Override
    public ClassicHttpResponse parse(SessionInputBuffer buffer, InputStream in) throws IOException, HttpException {
        ClassicHttpResponse response = delegate.parse(buffer, in);
        if (response != null && response.getCode() < 200) {
            if (++interim > MAX_INTERIM_RESPONSES) {
                interim = 0;
                throw new ProtocolException("more than " + MAX_INTERIM_RESPONSES + " interim responses");
            }
        } else {
            interim = 0;
        }
        return response;
    }
}
