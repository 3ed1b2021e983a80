package io.proxybench.core.conformance.client;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * One client connection over a plain socket: writes exactly the bytes a case gives it and reads
 * responses back with {@link HttpWireReader}. Every read has a deadline ({@link #DEFAULT_DEADLINE}
 * unless a case asks for another), so a silent front end fails the case instead of hanging.
 */
public final class RawHttpConnection implements AutoCloseable {

    public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(15);
    private static final int CONNECT_TIMEOUT_MS = 3000;

    private final Socket socket;
    private final DeadlineInputStream deadlined;
    private final HttpWireReader reader;
    private final OutputStream out;

    private RawHttpConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.deadlined = new DeadlineInputStream(socket);
        this.reader = new HttpWireReader(new BufferedInputStream(deadlined, 64 * 1024));
        this.out = socket.getOutputStream();
    }

    public static RawHttpConnection open(int port) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress("127.0.0.1", port), CONNECT_TIMEOUT_MS);
            return new RawHttpConnection(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /** A connection over a socket already connected, e.g. a TLS socket after its handshake. */
    public static RawHttpConnection over(Socket connected) throws IOException {
        connected.setTcpNoDelay(true);
        return new RawHttpConnection(connected);
    }

    /** The client-side port, which tells connections apart in the proxy's eyes. */
    public int localPort() {
        return socket.getLocalPort();
    }

    public RawHttpConnection send(RawRequest request) throws IOException {
        return send(request.toBytes());
    }

    public RawHttpConnection send(String ascii) throws IOException {
        return send(ascii.getBytes(StandardCharsets.ISO_8859_1));
    }

    public RawHttpConnection send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    /** Sends {@code request} and reads its final response (interim 1xx responses are skipped). */
    public RawResponse exchange(RawRequest request) throws IOException {
        send(request);
        return readFinalResponse(request.isHead());
    }

    /** The next response, interim (1xx) ones included; throws if the connection ends before a status line. */
    public RawResponse readResponse(boolean toHeadRequest) throws IOException {
        return readResponse(toHeadRequest, DEFAULT_DEADLINE);
    }

    public RawResponse readResponse(boolean toHeadRequest, Duration deadline) throws IOException {
        deadlined.deadlineIn(deadline.toNanos());
        HttpWireReader.Head head = reader.readHead();
        if (head == null) {
            throw new ConnectionClosedException(
                    "connection closed before a response" + (deadlined.resetSeen() ? " (reset by peer)" : ""));
        }
        String[] parts = head.startLine().split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
            throw new java.net.ProtocolException("not a status line: '" + head.startLine() + "'");
        }
        int status = Integer.parseInt(parts[1]);
        String reason = parts.length > 2 ? parts[2] : "";
        boolean bodyless = toHeadRequest || status / 100 == 1 || status == 204 || status == 304;
        HttpWireReader.Body body =
                bodyless ? new HttpWireReader.Body(new byte[0], true) : reader.readBody(head.headers(), true);
        return new RawResponse(parts[0], status, reason, head.headers(), body.bytes(), body.complete());
    }

    public RawResponse readFinalResponse(boolean toHeadRequest) throws IOException {
        return readFinalResponse(toHeadRequest, DEFAULT_DEADLINE);
    }

    public RawResponse readFinalResponse(boolean toHeadRequest, Duration deadline) throws IOException {
        long until = System.nanoTime() + deadline.toNanos();
        while (true) {
            RawResponse r = readResponse(toHeadRequest, Duration.ofNanos(Math.max(1, until - System.nanoTime())));
            if (r.status() / 100 != 1) {
                return r;
            }
        }
    }

    /** The head of the next response only; the body stays unread (for cases that abort mid-body). */
    public HttpWireReader.Head readHeadOnly(Duration deadline) throws IOException {
        deadlined.deadlineIn(deadline.toNanos());
        HttpWireReader.Head head = reader.readHead();
        if (head == null) {
            throw new ConnectionClosedException("connection closed before a response");
        }
        return head;
    }

    /** Up to {@code max} raw bytes, fewer only when the connection ends. */
    public byte[] readBytes(int max, Duration deadline) throws IOException {
        deadlined.deadlineIn(deadline.toNanos());
        return reader.readUpTo(max);
    }

    /**
     * Waits for the peer to close. Bytes that arrive first (say, a 408 before closing) are collected.
     *
     * @return what happened within {@code within}
     */
    public CloseWatch awaitClose(Duration within) throws IOException {
        long start = System.nanoTime();
        deadlined.deadlineIn(within.toNanos());
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        try {
            while (true) {
                byte[] chunk = reader.readUpTo(1);
                if (chunk.length == 0) {
                    return new CloseWatch(true, received.toByteArray(), Duration.ofNanos(System.nanoTime() - start));
                }
                received.writeBytes(chunk);
            }
        } catch (SocketTimeoutException e) {
            return new CloseWatch(false, received.toByteArray(), Duration.ofNanos(System.nanoTime() - start));
        }
    }

    /** Whether a write fails because the peer has gone (for clients cut off mid-request). */
    public boolean writeFails(byte[] bytes) {
        try {
            send(bytes);
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    /** Shuts down the write side (FIN), as a client that has said all it will; reading goes on. */
    public void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    /** Closes with RST instead of FIN, as a client that crashes or gives up does. */
    public void abort() {
        try {
            socket.setSoLinger(true, 0);
        } catch (SocketException ignored) {
            // the close below still ends the connection
        }
        close();
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing left to release
        }
    }

    /** Outcome of {@link #awaitClose}: whether the peer closed, and what it sent before. */
    public record CloseWatch(boolean closed, byte[] received, Duration after) {
        public String receivedText() {
            return new String(received, StandardCharsets.ISO_8859_1);
        }
    }

    /** The peer closed the connection where a response was expected. */
    public static final class ConnectionClosedException extends IOException {
        private static final long serialVersionUID = 1L;

        ConnectionClosedException(String message) {
            super(message);
        }
    }
}
