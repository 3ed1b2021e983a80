package io.proxybench.core.conformance.desync;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A request {@link RequestStreamGenerator} is building, before it becomes bytes: its request line,
 * headers and body as they will go on the wire, each open to a mutation.
 */
final class RequestSketch {
    final String method;
    final String target;
    final byte[] body;
    final List<String> headers = new ArrayList<>();
    String version = "HTTP/1.1";
    String eol = "\r\n";
    /** A bare LF ends the header line at this index (-1: none). */
    int lfAfter = -1;

    boolean host = true;
    byte[] wireBody = new byte[0];

    RequestSketch(String method, String target, byte[] body) {
        this.method = method;
        this.target = target;
        this.body = body;
    }

    int find(String name) {
        for (int i = 0; i < headers.size(); i++) {
            if (headers.get(i).regionMatches(true, 0, name + ":", 0, name.length() + 1)) {
                return i;
            }
        }
        return -1;
    }

    void set(int i, String line) {
        if (i >= 0) {
            headers.set(i, line);
        } else {
            headers.add(line);
        }
    }

    void rename(int i, boolean upper) {
        if (i >= 0) {
            String h = headers.get(i);
            int colon = h.indexOf(':');
            String name = h.substring(0, colon);
            headers.set(i, (upper ? name.toUpperCase() : name.toLowerCase()) + h.substring(colon));
        }
    }

    byte[] bytes() {
        StringBuilder sb = new StringBuilder();
        sb.append(method).append(' ').append(target).append(' ').append(version).append(eol);
        List<String> all = new ArrayList<>();
        if (host) {
            all.add("Host: " + RequestStreamGenerator.HOST);
        }
        all.addAll(headers);
        for (int i = 0; i < all.size(); i++) {
            sb.append(all.get(i)).append(i == lfAfter ? "\n" : eol);
        }
        sb.append(eol);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(sb.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(wireBody);
        return out.toByteArray();
    }
}
