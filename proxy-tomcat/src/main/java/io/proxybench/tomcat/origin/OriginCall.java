package io.proxybench.tomcat.origin;

import java.io.IOException;
import org.apache.hc.client5.http.impl.classic.CloseableHttpResponse;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.io.CloseMode;

/**
 * One request to an origin whose response head has arrived. The pooled connection goes back to the
 * pool only when the body was read to its end and the call is then {@linkplain #close() closed};
 * {@link #abort()} throws the connection away without reading further, which is what every
 * failure must do: a connection with unread or unknown bytes is never reused.
 */
public final class OriginCall implements AutoCloseable {

    private final ClassicHttpResponse response;
    private final OriginLane lane;
    private boolean done;

    OriginCall(ClassicHttpResponse response, OriginLane lane) {
        this.response = response;
        this.lane = lane;
    }

    public ClassicHttpResponse response() {
        return response;
    }

    /** Discards the connection, unread body and all. Idempotent. */
    public void abort() {
        if (done) {
            return;
        }
        done = true;
        try {
            if (response instanceof CloseableHttpResponse closeable) {
                closeable.close(CloseMode.IMMEDIATE);
            } else {
                response.close();
            }
        } catch (IOException ignored) {
            // The connection is being thrown away; there is nothing left to save.
        } finally {
            lane.leave();
        }
    }

    /** Ends a call whose body was read to the end (or that had none); the connection is reused if it can be. */
    @Override
    public void close() {
        if (done) {
            return;
        }
        done = true;
        try {
            response.close();
        } catch (IOException e) {
            // Closing after a complete read only releases the connection; a failure means it was discarded.
        } finally {
            lane.leave();
        }
    }
}
