package io.proxybench.tomcat.connector;

import java.io.IOException;
import org.apache.coyote.Adapter;
import org.apache.coyote.ErrorState;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.coyote.http11.Http11Processor;
import org.apache.tomcat.util.http.MimeHeaders;
import org.apache.tomcat.util.net.AbstractEndpoint.Handler.SocketState;
import org.apache.tomcat.util.net.SocketWrapperBase;

/**
 * Tomcat's HTTP/1.1 processor plus three checks on the request head that Tomcat does not make and a
 * proxy must:
 * <ul>
 *   <li><b>Higher minor versions.</b> HTTP/1.2 … 1.9 are served as 1.1 ({@link HigherMinorVersion});
 *   Tomcat asks its protocol {@code isPaused()} right after judging the version, and the protocols
 *   of this package use that call to run {@link #checkServingVersion()}.</li>
 *   <li><b>Ambiguous framing.</b> A request with both Content-Length and Transfer-Encoding is refused
 *   (400). Tomcat would drop the Content-Length before any valve or servlet runs, so the check sits
 *   in the processor: between parsing the head and setting up the body filters Tomcat asks its
 *   protocol {@code getDisableUploadTimeout()}, and the protocols of this package use that call to
 *   run {@link #checkServingRequest()}.</li>
 *   <li><b>A deadline for the whole head.</b> Tomcat's connectionTimeout bounds each read, so a
 *   client trickling its head a byte at a time would hold a connection for ever. While a head is
 *   incomplete Tomcat keeps this processor on the socket and {@code service} returns
 *   {@link SocketState#LONG}; once the head has been incomplete for longer than the deadline the
 *   next read closes the connection.</li>
 * </ul>
 */
final class HeadCheckingProcessor extends Http11Processor {

    private static final ThreadLocal<HeadCheckingProcessor> SERVING = new ThreadLocal<>();

    private final long headTimeoutNanos;
    private final ConnectionEvents events;
    /** When the incomplete head now being read was first seen; 0 when no head is incomplete. */
    private long headStartedNanos;

    HeadCheckingProcessor(
            AbstractHttp11Protocol<?> protocol, Adapter adapter, long headTimeoutNanos, ConnectionEvents events) {
        super(protocol, adapter);
        this.headTimeoutNanos = headTimeoutNanos;
        this.events = events;
    }

    @Override
    public SocketState service(SocketWrapperBase<?> socketWrapper) throws IOException {
        long now = System.nanoTime();
        SocketState state;
        SERVING.set(this);
        try {
            state = super.service(socketWrapper);
        } finally {
            SERVING.remove();
        }
        if (state != SocketState.LONG || isAsync()) {
            headStartedNanos = 0;
            return state;
        }
        if (headStartedNanos == 0) {
            headStartedNanos = now;
        } else if (now - headStartedNanos > headTimeoutNanos) {
            headStartedNanos = 0;
            events.headTimedOut();
            return SocketState.CLOSED;
        }
        return state;
    }

    /** Serves the request this thread has just read the request line of as HTTP/1.1 when it is HTTP/1.2 … 1.9. */
    static void checkServingVersion() {
        HeadCheckingProcessor processor = SERVING.get();
        if (processor != null) {
            HigherMinorVersion.serveAs11(processor, processor.request, processor.response);
        }
    }

    /** Marks the request this thread is parsing as a 400 when its framing is ambiguous. */
    static void checkServingRequest() {
        HeadCheckingProcessor processor = SERVING.get();
        if (processor != null) {
            processor.refuseAmbiguousFraming();
        }
    }

    private void refuseAmbiguousFraming() {
        MimeHeaders headers = request.getMimeHeaders();
        if (headers.getValue("content-length") != null
                && headers.getValue("transfer-encoding") != null
                && !getErrorState().isError()) {
            response.setStatus(400);
            // CLOSE_CLEAN: the answer is still written, then the connection closes; the rejection
            // valve sees the exception and writes the shared error body.
            setErrorState(ErrorState.CLOSE_CLEAN, new AmbiguousFramingException());
        }
    }
}
