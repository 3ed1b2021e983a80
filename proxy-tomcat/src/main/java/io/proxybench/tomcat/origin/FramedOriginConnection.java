package io.proxybench.tomcat.origin;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.List;
import org.apache.hc.client5.http.io.ManagedHttpClientConnection;
import org.apache.hc.core5.function.Supplier;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.impl.io.DefaultBHttpClientConnection;
import org.apache.hc.core5.http.impl.io.SocketHolder;
import org.apache.hc.core5.http.io.HttpMessageParserFactory;
import org.apache.hc.core5.http.io.SessionInputBuffer;
import org.apache.hc.core5.http.io.SessionOutputBuffer;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;

/**
 * An origin connection that keeps the message boundaries a proxy relies on, which HttpClient's
 * own connection does not:
 * <ul>
 *   <li>It is reusable only when nothing follows the response just read: bytes after a response
 *   whose framing said it was over would otherwise be read as the answer to the next request
 *   sent on it, by whichever client that was for.</li>
 *   <li>A request body can be {@linkplain AbortableRequestBody#abort() aborted}: the connection closes at
 *   once and the body's framing is never finished, so the origin never sees a complete request
 *   the client did not send in full. (HttpClient closes the body stream even when writing it
 *   failed, which writes the last chunk of a chunked body.)</li>
 * </ul>
 */
final class FramedOriginConnection extends DefaultBHttpClientConnection implements ManagedHttpClientConnection {

    private SessionInputBuffer input;
    private Timeout socketTimeout;

    FramedOriginConnection(Http1Config config, HttpMessageParserFactory<ClassicHttpResponse> responses) {
        super(config, null, null, null, null, null, responses);
    }

    @Override
    protected InputStream createContentInputStream(long len, SessionInputBuffer buffer, InputStream in) {
        input = buffer;
        return super.createContentInputStream(len, buffer, in);
    }

    @Override
    protected OutputStream createContentOutputStream(
            long len, SessionOutputBuffer buffer, OutputStream out, Supplier<List<? extends Header>> trailers) {
        return new BodyStream(super.createContentOutputStream(len, buffer, out, trailers));
    }

    @Override
    public boolean isConsistent() {
        return super.isConsistent() && !bytesWaiting();
    }

    /** Whether bytes have arrived that no response framing accounted for. */
    private boolean bytesWaiting() {
        if (input != null && input.length() > 0) {
            return true;
        }
        SocketHolder holder = getSocketHolder();
        try {
            return holder != null && holder.getInputStream().available() > 0;
        } catch (IOException e) {
            return true;
        }
    }

    @Override
    public Socket getSocket() {
        SocketHolder holder = getSocketHolder();
        return holder == null ? null : holder.getSocket();
    }

    @Override
    public void setSocketTimeout(Timeout timeout) {
        socketTimeout = timeout;
        super.setSocketTimeout(timeout);
    }

    @Override
    public void passivate() {
        super.setSocketTimeout(Timeout.ZERO_MILLISECONDS);
    }

    @Override
    public void activate() {
        if (socketTimeout != null) {
            super.setSocketTimeout(socketTimeout);
        }
    }

    /** The request body's stream: closing it after an abort writes nothing more. */
    private final class BodyStream extends OutputStream implements AbortableRequestBody {

        private final OutputStream framed;
        private boolean aborted;

        BodyStream(OutputStream framed) {
            this.framed = framed;
        }

        @Override
        public void abort() {
            aborted = true;
            FramedOriginConnection.this.close(CloseMode.IMMEDIATE);
        }

        @Override
        public void write(int b) throws IOException {
            framed.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            framed.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            framed.flush();
        }

        @Override
        public void close() throws IOException {
            if (!aborted) {
                framed.close();
            }
        }
    }
}
