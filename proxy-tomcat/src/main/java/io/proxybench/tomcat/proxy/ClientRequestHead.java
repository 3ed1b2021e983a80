package io.proxybench.tomcat.proxy;

import io.proxybench.core.http.MapHeaders;
import java.util.Enumeration;
import javax.servlet.http.HttpServletRequest;

/**
 * The client's request head as the filters see it: the target exactly as sent (path, parameters,
 * escapes and query untouched) and a mutable copy of the headers, plus the sizes the limits apply to.
 *
 * @param target      origin-form request target, e.g. {@code /a;p=1/b%20c?q=1}
 * @param lineLength  bytes of the request line without CRLF
 * @param headerBytes bytes of the header block: each {@code name: value} line with its CRLF
 */
record ClientRequestHead(String target, MapHeaders headers, int lineLength, int headerBytes) {

    static ClientRequestHead read(HttpServletRequest request) {
        String query = request.getQueryString();
        String uri = request.getRequestURI();
        String target = query == null ? uri : uri + "?" + query;
        int lineLength = request.getMethod().length()
                + 1
                + target.length()
                + 1
                + request.getProtocol().length();
        MapHeaders headers = new MapHeaders();
        int headerBytes = 0;
        for (Enumeration<String> names = request.getHeaderNames(); names.hasMoreElements(); ) {
            String name = names.nextElement();
            for (Enumeration<String> values = request.getHeaders(name); values.hasMoreElements(); ) {
                String value = values.nextElement();
                headers.add(name, value);
                headerBytes += name.length() + 2 + value.length() + 2;
            }
        }
        return new ClientRequestHead(target, headers, lineLength, headerBytes);
    }
}
