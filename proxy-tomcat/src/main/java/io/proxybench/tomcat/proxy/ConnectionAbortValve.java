package io.proxybench.tomcat.proxy;

import java.io.IOException;
import javax.servlet.ServletException;
import javax.servlet.ServletRequest;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ValveBase;
import org.apache.coyote.ActionCode;

/**
 * Closes the client connection at once, without finishing the response, when the servlet asks for
 * it: after an origin failed mid-body the client must see a short body and a closed connection,
 * never a response that looks complete; after a client broke off its request nothing more is sent.
 */
public final class ConnectionAbortValve extends ValveBase {

    private static final String ABORT = ConnectionAbortValve.class.getName() + ".abort";

    public ConnectionAbortValve() {
        super(true);
    }

    /** Asks for the connection of {@code request} to be closed once the servlet returns. */
    static void abortAfterService(ServletRequest request) {
        request.setAttribute(ABORT, Boolean.TRUE);
    }

    @Override
    public void invoke(Request request, Response response) throws IOException, ServletException {
        getNext().invoke(request, response);
        if (request.getAttribute(ABORT) != null) {
            // CLOSE_NOW marks the connection as failed: Tomcat writes nothing more (no final chunk,
            // no missing Content-Length bytes) and closes the socket.
            response.getCoyoteResponse().action(ActionCode.CLOSE_NOW, null);
        }
    }
}
