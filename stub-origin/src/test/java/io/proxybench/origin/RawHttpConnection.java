package io.proxybench.origin;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** A plain socket speaking HTTP/1.x by hand, for what an HTTP client library would hide or refuse. */
final class RawHttpConnection implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    RawHttpConnection(int port) throws IOException {
        socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(5_000);
        socket.setTcpNoDelay(true);
        in = new BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    static String get(String path, String... headerLines) {
        return request("GET", path, headerLines);
    }

    static String request(String method, String path, String... headerLines) {
        StringBuilder sb = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: origin\r\n");
        for (String line : headerLines) {
            sb.append(line).append("\r\n");
        }
        return sb.append("\r\n").toString();
    }

    void send(String text) throws IOException {
        send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    void send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Half-closes: the origin sees end of input but may still answer. */
    void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    void readTimeout(int millis) throws IOException {
        socket.setSoTimeout(millis);
    }

    /** Reads status line and headers. */
    Response readHead() throws IOException {
        String statusLine = readLine();
        Map<String, String> headers = new LinkedHashMap<>();
        String line;
        while (!(line = readLine()).isEmpty()) {
            int colon = line.indexOf(':');
            headers.put(
                    line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    line.substring(colon + 1).trim());
        }
        return new Response(statusLine, headers, new byte[0]);
    }

    /** Reads one whole response framed by Content-Length; {@code head} marks the answer to a HEAD. */
    Response readResponse(boolean head) throws IOException {
        Response r = readHead();
        if (head || r.status() == 100) {
            return r;
        }
        return new Response(r.statusLine(), r.headers(), readBody(r));
    }

    /** Reads the body that {@code head}'s Content-Length announces. */
    byte[] readBody(Response head) throws IOException {
        return in.readNBytes(Integer.parseInt(head.header("content-length")));
    }

    Response readResponse() throws IOException {
        return readResponse(false);
    }

    /** Reads until the peer closes (or the read times out, which throws). */
    byte[] readToEnd() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        in.transferTo(bytes);
        return bytes.toByteArray();
    }

    /** True when the peer has closed (FIN) with nothing more to read within the read timeout. */
    boolean closedByPeer() throws IOException {
        try {
            return in.read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        }
    }

    private String readLine() throws IOException {
        StringBuilder sb = new StringBuilder();
        int c;
        while ((c = in.read()) != -1) {
            if (c == '\n') {
                int end = sb.length();
                return end > 0 && sb.charAt(end - 1) == '\r' ? sb.substring(0, end - 1) : sb.toString();
            }
            sb.append((char) c);
        }
        throw new EOFException("connection closed after " + sb.length() + " bytes of a line: " + sb);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    record Response(String statusLine, Map<String, String> headers, byte[] body) {
        int status() {
            return Integer.parseInt(statusLine.split(" ")[1]);
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }
}
