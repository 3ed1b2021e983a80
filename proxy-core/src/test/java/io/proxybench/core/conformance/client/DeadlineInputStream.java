package io.proxybench.core.conformance.client;

import java.io.FilterInputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;

/**
 * A socket's input that never blocks past a deadline, so a front end that stops answering fails a
 * case instead of hanging the build. A reset from the peer reads as the end of the stream (and is
 * remembered): for these cases an abortive close and a clean one both mean "no more bytes".
 */
final class DeadlineInputStream extends FilterInputStream {

    private final Socket socket;
    private long deadlineNanos = Long.MAX_VALUE;
    private boolean resetSeen;

    DeadlineInputStream(Socket socket) throws IOException {
        super(socket.getInputStream());
        this.socket = socket;
    }

    void deadlineIn(long nanos) {
        deadlineNanos = System.nanoTime() + nanos;
    }

    boolean resetSeen() {
        return resetSeen;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (resetSeen) {
            return -1;
        }
        long left = deadlineNanos - System.nanoTime();
        if (left <= 0) {
            throw new SocketTimeoutException("no complete answer before the deadline");
        }
        socket.setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, left / 1_000_000)));
        try {
            return super.read(b, off, len);
        } catch (SocketTimeoutException e) {
            throw new SocketTimeoutException("peer sent nothing more before the deadline");
        } catch (SocketException e) {
            if (isReset(e)) {
                resetSeen = true;
                return -1;
            }
            throw e;
        }
    }

    private static boolean isReset(SocketException e) {
        String m = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
        return m.contains("reset") || m.contains("broken pipe");
    }
}
