package io.proxybench.netty.admin;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.proxybench.core.admin.AdminEndpoints;
import io.proxybench.core.admin.AdminResponse;
import java.io.IOException;
import java.io.OutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers one admin request with what {@link AdminEndpoints} says. The JDK's server frames the
 * exchange (keep-alive, {@code Connection: close}, a request line it cannot parse answered 400).
 */
final class AdminExchangeHandler implements HttpHandler {

    private static final Logger log = LoggerFactory.getLogger(AdminExchangeHandler.class);
    /** The JDK's server takes a length of -1 to mean no body; 0 would make it send a chunked one. */
    private static final long NO_BODY = -1;

    private final AdminEndpoints endpoints;

    AdminExchangeHandler(AdminEndpoints endpoints) {
        this.endpoints = endpoints;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        String uri = exchange.getRequestURI().toString();
        AdminResponse answer;
        try {
            // Anything the client sent as a body (the close-idle POST takes none) is left to the server to skip.
            answer = endpoints.handle(method, uri);
        } catch (RuntimeException e) {
            log.warn("admin {} {} failed", method, uri, e);
            answer = AdminResponse.text(500, "internal error");
        }
        byte[] body = answer.body();
        exchange.getResponseHeaders().set("Content-Type", answer.contentType());
        try (exchange;
                OutputStream out = exchange.getResponseBody()) {
            if ("HEAD".equals(method)) {
                // The server sends no body for HEAD whatever the length says; the header tells what GET would send.
                exchange.getResponseHeaders().set("Content-Length", Integer.toString(body.length));
                exchange.sendResponseHeaders(answer.status(), NO_BODY);
            } else {
                exchange.sendResponseHeaders(answer.status(), body.length == 0 ? NO_BODY : body.length);
                out.write(body);
            }
        } catch (IOException e) {
            log.debug("admin connection {} failed: {}", exchange.getRemoteAddress(), e.toString());
        }
    }
}
