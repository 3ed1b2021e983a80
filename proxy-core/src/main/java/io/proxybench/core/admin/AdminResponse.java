package io.proxybench.core.admin;

import java.nio.charset.StandardCharsets;

/** What the admin port answers; each front end writes it with its own server. */
public record AdminResponse(int status, String contentType, byte[] body) {

    /** A plain-text answer, its text followed by a line break. */
    public static AdminResponse text(int status, String text) {
        return new AdminResponse(status, "text/plain; charset=utf-8", (text + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
