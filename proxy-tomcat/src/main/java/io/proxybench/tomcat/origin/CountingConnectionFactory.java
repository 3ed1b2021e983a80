package io.proxybench.tomcat.origin;

import com.codahale.metrics.Counter;
import java.io.IOException;
import java.net.Socket;
import org.apache.hc.client5.http.io.ManagedHttpClientConnection;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.impl.io.DefaultHttpResponseParserFactory;
import org.apache.hc.core5.http.io.HttpConnectionFactory;
import org.apache.hc.core5.http.io.HttpMessageParserFactory;

/**
 * Makes the origin connections: {@link FramedOriginConnection}s with a strict response parser,
 * counting each one opened. HttpClient's default parser skips lines that are not HTTP until one
 * is; a proxy must call such an origin broken (502) instead of waiting for sense to appear.
 */
final class CountingConnectionFactory implements HttpConnectionFactory<ManagedHttpClientConnection> {

    /** Bounds on what an origin may send as a head: generous, but not unlimited. */
    private static final Http1Config HEAD_LIMITS = Http1Config.custom()
            .setMaxLineLength(64 * 1024)
            .setMaxHeaderCount(1000)
            .build();

    private final HttpMessageParserFactory<ClassicHttpResponse> responses =
            InterimBoundedParser.factory(new DefaultHttpResponseParserFactory(HEAD_LIMITS));
    private final Counter opened;

    CountingConnectionFactory(Counter opened) {
        this.opened = opened;
    }

    @Override
    public ManagedHttpClientConnection createConnection(Socket socket) throws IOException {
        FramedOriginConnection connection = new FramedOriginConnection(HEAD_LIMITS, responses);
        if (socket != null) {
            connection.bind(socket);
        }
        opened.inc();
        return connection;
    }
}
