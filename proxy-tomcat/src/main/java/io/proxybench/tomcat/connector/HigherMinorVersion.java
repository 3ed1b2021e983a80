package io.proxybench.tomcat.connector;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.apache.coyote.AbstractProcessor;
import org.apache.coyote.ErrorState;
import org.apache.coyote.Request;
import org.apache.coyote.Response;
import org.apache.coyote.http11.Http11Processor;
import org.apache.tomcat.util.buf.MessageBytes;

/**
 * Serves a request whose version is a higher HTTP/1 minor version (HTTP/1.2 … HTTP/1.9) as HTTP/1.1,
 * as RFC 9110 §2.5 asks; Tomcat 9 answers such a request 505. Tomcat judges the version in a private
 * method called straight after the request line is parsed, with no call out in between, so the
 * verdict is undone right after it: the protocol asks {@code isPaused()} next, and there the
 * processor's HTTP/1.1 flag and error state are put back as Tomcat sets them for {@code HTTP/1.1}.
 * Those two fields are private to Tomcat, hence the two variable handles; they are looked up once,
 * when the class loads, so a Tomcat that renamed them fails at start-up and not per request.
 * Other versions (HTTP/2.0, HTTP/3.0, HTTP/1.10 …) keep their 505.
 */
final class HigherMinorVersion {

    private static final String HTTP_11 = "HTTP/1.1";
    private static final VarHandle HTTP11;
    private static final VarHandle ERROR_STATE;

    static {
        try {
            HTTP11 = MethodHandles.privateLookupIn(Http11Processor.class, MethodHandles.lookup())
                    .findVarHandle(Http11Processor.class, "http11", boolean.class);
            ERROR_STATE = MethodHandles.privateLookupIn(AbstractProcessor.class, MethodHandles.lookup())
                    .findVarHandle(AbstractProcessor.class, "errorState", ErrorState.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(
                    "this Tomcat's HTTP/1.1 processor has no http11/errorState field: " + e);
        }
    }

    private HigherMinorVersion() {}

    /** Whether {@code protocol} is exactly {@code HTTP/1.} followed by one digit from 2 to 9. */
    static boolean isHigherMinor(MessageBytes protocol) {
        String version = protocol.toString();
        return version != null
                && version.length() == HTTP_11.length()
                && version.startsWith("HTTP/1.")
                && version.charAt(7) >= '2'
                && version.charAt(7) <= '9';
    }

    /**
     * Undoes Tomcat's 505 for a higher minor version, leaving the processor as Tomcat leaves it for an
     * {@code HTTP/1.1} request line. Call only right after Tomcat judged the version.
     */
    static void serveAs11(Http11Processor processor, Request request, Response response) {
        if (response.getStatus() != 505
                || ERROR_STATE.get(processor) != ErrorState.CLOSE_CLEAN
                || !isHigherMinor(request.protocol())) {
            return;
        }
        request.protocol().setString(HTTP_11);
        HTTP11.set(processor, true);
        ERROR_STATE.set(processor, ErrorState.NONE);
        response.resetError();
        response.setStatus(200);
    }
}
