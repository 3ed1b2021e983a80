package io.proxybench.tomcat.admin;

import io.proxybench.core.admin.AdminEndpoints;
import io.proxybench.core.admin.AdminResponse;
import java.io.IOException;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

/**
 * The admin port's servlet: {@code /health}, {@code /metrics}, {@code /metrics/prometheus} as both
 * front ends serve them.
 */
public final class AdminServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    private final transient AdminEndpoints endpoints;

    public AdminServlet(AdminEndpoints endpoints) {
        this.endpoints = endpoints;
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
        String query = req.getQueryString();
        AdminResponse answer = endpoints.handle(
                req.getMethod(), query == null ? req.getRequestURI() : req.getRequestURI() + "?" + query);
        resp.setStatus(answer.status());
        resp.setContentType(answer.contentType());
        resp.setContentLength(answer.body().length);
        resp.getOutputStream().write(answer.body());
    }
}
