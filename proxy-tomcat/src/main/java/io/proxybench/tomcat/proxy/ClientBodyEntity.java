package io.proxybench.tomcat.proxy;

import io.proxybench.tomcat.origin.AbortableRequestBody;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hc.core5.http.io.entity.AbstractHttpEntity;

/**
 * The client's request body as the origin request's entity: streamed from Tomcat's input to the
 * origin connection through one fixed buffer while HttpClient sends the request, never held whole.
 * It remembers a failure on the client's side, so that the proxy can tell a client that stopped
 * sending from an origin that stopped receiving.
 */
final class ClientBodyEntity extends AbstractHttpEntity {

    static final int BUFFER_SIZE = 8192;

    private final InputStream client;
    private final long length;
    private long sent;
    private IOException clientFailure;

    /** @param length the client's Content-Length, or -1 for a chunked body (sent chunked to the origin) */
    ClientBodyEntity(InputStream client, long length) {
        super((String) null, null, length < 0);
        this.client = client;
        this.length = length;
    }

    @Override
    public void writeTo(OutputStream origin) throws IOException {
        byte[] buffer = new byte[(int) (length >= 0 ? Math.max(1, Math.min(BUFFER_SIZE, length)) : BUFFER_SIZE)];
        long remaining = length;
        while (length < 0 || remaining > 0) {
            int n;
            try {
                n = readClient(buffer, length < 0 ? buffer.length : (int) Math.min(buffer.length, remaining));
                if (n < 0 && length >= 0) {
                    throw clientFailed(
                            new EOFException("client closed after " + sent + " of " + length + " body bytes"));
                }
            } catch (IOException e) {
                // Before the exception unwinds through HttpClient, whose closing the stream would end the body
                // properly.
                if (origin instanceof AbortableRequestBody body) {
                    body.abort();
                }
                throw e;
            }
            if (n < 0) {
                break;
            }
            origin.write(buffer, 0, n);
            sent += n;
            remaining -= n;
        }
        origin.flush();
    }

    private int readClient(byte[] buffer, int max) throws IOException {
        try {
            return client.read(buffer, 0, max);
        } catch (IOException e) {
            throw clientFailed(e);
        }
    }

    private IOException clientFailed(IOException e) {
        clientFailure = e;
        return e;
    }

    /** The client-side failure that ended sending, or {@code null} when the client behaved. */
    IOException clientFailure() {
        return clientFailure;
    }

    @Override
    public InputStream getContent() {
        return client;
    }

    @Override
    public long getContentLength() {
        return length;
    }

    @Override
    public boolean isRepeatable() {
        return false;
    }

    @Override
    public boolean isStreaming() {
        return true;
    }

    @Override
    public void close() {
        // Tomcat owns the client's stream and finishes (or swallows) it after the servlet returns.
    }
}
