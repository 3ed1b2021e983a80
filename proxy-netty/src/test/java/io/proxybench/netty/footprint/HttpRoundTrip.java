package io.proxybench.netty.footprint;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** One keep-alive GET on a blocking socket, reading a Content-Length framed response fully. */
final class HttpRoundTrip {

    private static final byte[] REQUEST =
            "GET /footprint HTTP/1.1\r\nHost: footprint\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    private HttpRoundTrip() {}

    /** Returns the response status. */
    static int get(Socket s) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(REQUEST);
        out.flush();
        InputStream in = s.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream(256);
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed in the response head");
            }
            head.write(b);
            matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String text = head.toString(StandardCharsets.US_ASCII);
        int status = Integer.parseInt(text.substring(9, 12));
        long length = -1;
        for (String line : text.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Long.parseLong(line.substring(15).trim());
            }
        }
        if (length < 0) {
            throw new IOException("response without Content-Length: " + text);
        }
        long left = length;
        byte[] buf = new byte[8192];
        while (left > 0) {
            int n = in.read(buf, 0, (int) Math.min(buf.length, left));
            if (n < 0) {
                throw new IOException("connection closed in the response body");
            }
            left -= n;
        }
        return status;
    }
}
