package io.proxybench.loadgen.http;

import io.netty.buffer.ByteBuf;
import io.netty.util.ByteProcessor;

/**
 * Reads one HTTP/1.x response at a time from the bytes of a connection, as they arrive. It keeps
 * only the status, the framing (Content-Length, chunked, or until close) and whether the connection
 * stays open; body bytes are skipped in place. One parser per connection, reused for every
 * response after {@link #reset()}; not thread-safe.
 */
public final class ResponseParser {

    /** What {@link #feed} found. */
    public enum Result {
        NEED_MORE,
        COMPLETE,
        INVALID
    }

    private enum State {
        STATUS,
        HEADERS,
        BODY_FIXED,
        CHUNK_SIZE,
        CHUNK_DATA,
        CHUNK_END,
        TRAILERS,
        UNTIL_CLOSE,
        DONE
    }

    static final int MAX_LINE = 8192;

    private final byte[] line = new byte[MAX_LINE];
    private int lineLength;
    private State state = State.STATUS;
    private int status;
    private boolean http10;
    private boolean keepAlive;
    private long contentLength;
    private boolean chunked;
    private long remaining;
    private String problem;

    /** Prepares for the next response on the same connection. */
    public void reset() {
        state = State.STATUS;
        lineLength = 0;
        status = 0;
        problem = null;
        startHeaders();
    }

    private void startHeaders() {
        contentLength = -1;
        chunked = false;
        remaining = 0;
    }

    /**
     * Consumes bytes of {@code in} up to the end of the current response; bytes past it stay in
     * {@code in}. Never releases {@code in}.
     */
    public Result feed(ByteBuf in) {
        while (true) {
            switch (state) {
                case BODY_FIXED:
                case CHUNK_DATA: {
                    int n = (int) Math.min(remaining, in.readableBytes());
                    in.skipBytes(n);
                    remaining -= n;
                    if (remaining > 0) {
                        return Result.NEED_MORE;
                    }
                    if (state == State.BODY_FIXED) {
                        state = State.DONE;
                        return Result.COMPLETE;
                    }
                    state = State.CHUNK_END;
                    break;
                }
                case UNTIL_CLOSE:
                    in.skipBytes(in.readableBytes());
                    return Result.NEED_MORE;
                case DONE:
                    return Result.COMPLETE;
                default:
                    if (!readLine(in)) {
                        return problem == null ? Result.NEED_MORE : Result.INVALID;
                    }
                    if (!onLine()) {
                        return Result.INVALID;
                    }
                    if (state == State.DONE) {
                        return Result.COMPLETE;
                    }
            }
        }
    }

    /** The connection ended: completes a response framed by the close, else the response is cut short. */
    public Result endOfInput() {
        if (state == State.UNTIL_CLOSE || state == State.DONE) {
            state = State.DONE;
            return Result.COMPLETE;
        }
        problem = "connection closed "
                + (state == State.STATUS && lineLength == 0 ? "before the response" : "mid-response");
        return Result.INVALID;
    }

    /** True while no byte of a response has been read since the last {@link #reset()}. */
    public boolean idle() {
        return state == State.STATUS && lineLength == 0;
    }

    public int status() {
        return status;
    }

    /** Whether the connection may carry another request after this response. */
    public boolean keepAlive() {
        return keepAlive;
    }

    /** Why the last {@link Result#INVALID}. */
    public String problem() {
        return problem;
    }

    /** Appends bytes up to and including the next LF to {@link #line}; true when a whole line is there. */
    private boolean readLine(ByteBuf in) {
        int from = in.readerIndex();
        int lf = in.forEachByte(from, in.readableBytes(), ByteProcessor.FIND_LF);
        int end = lf < 0 ? in.writerIndex() : lf;
        int n = end - from;
        if (lineLength + n > MAX_LINE) {
            problem = "response line or header longer than " + MAX_LINE + " bytes";
            return false;
        }
        in.getBytes(from, line, lineLength, n);
        lineLength += n;
        if (lf < 0) {
            in.readerIndex(end);
            return false;
        }
        in.readerIndex(lf + 1);
        if (lineLength > 0 && line[lineLength - 1] == '\r') {
            lineLength--;
        }
        return true;
    }

    private boolean onLine() {
        int length = lineLength;
        lineLength = 0;
        switch (state) {
            case STATUS:
                return statusLine(length);
            case HEADERS:
                return length == 0 ? endOfHeaders() : header(length);
            case CHUNK_SIZE:
                return chunkSize(length);
            case CHUNK_END:
                if (length != 0) {
                    return invalid("chunk data longer than its size");
                }
                state = State.CHUNK_SIZE;
                return true;
            case TRAILERS:
                if (length == 0) {
                    state = State.DONE;
                }
                return true;
            default:
                throw new IllegalStateException(state.name());
        }
    }

    private boolean statusLine(int length) {
        // HTTP/1.x SP 3DIGIT [SP reason]
        if (length < 12
                || !startsWith("HTTP/1.")
                || (line[7] != '0' && line[7] != '1')
                || line[8] != ' '
                || (length > 12 && line[12] != ' ')) {
            return invalid("not an HTTP/1.x status line");
        }
        int code = 0;
        for (int i = 9; i < 12; i++) {
            byte c = line[i];
            if (c < '0' || c > '9') {
                return invalid("status code is not 3 digits");
            }
            code = code * 10 + (c - '0');
        }
        status = code;
        http10 = line[7] == '0';
        keepAlive = !http10;
        startHeaders();
        state = State.HEADERS;
        return true;
    }

    private boolean header(int length) {
        if (line[0] == ' ' || line[0] == '\t') {
            return invalid("folded header line");
        }
        int colon = indexOf((byte) ':', length);
        if (colon <= 0) {
            return invalid("header line without a name");
        }
        int valueStart = colon + 1;
        while (valueStart < length && (line[valueStart] == ' ' || line[valueStart] == '\t')) {
            valueStart++;
        }
        int valueEnd = length;
        while (valueEnd > valueStart && (line[valueEnd - 1] == ' ' || line[valueEnd - 1] == '\t')) {
            valueEnd--;
        }
        if (nameIs("content-length", colon)) {
            long value = decimal(valueStart, valueEnd);
            if (value < 0 || (contentLength >= 0 && contentLength != value)) {
                return invalid("bad or conflicting Content-Length");
            }
            contentLength = value;
        } else if (nameIs("transfer-encoding", colon)) {
            // only the last coding frames the body; anything but chunked there means "until close"
            chunked = endsWithToken("chunked", valueStart, valueEnd);
            if (!chunked) {
                contentLength = -2;
            }
        } else if (nameIs("connection", colon)) {
            if (containsToken("close", valueStart, valueEnd)) {
                keepAlive = false;
            } else if (http10 && containsToken("keep-alive", valueStart, valueEnd)) {
                keepAlive = true;
            }
        }
        return true;
    }

    private boolean endOfHeaders() {
        if (status >= 100 && status < 200 && status != 101) {
            state = State.STATUS;
            return true;
        }
        if (status < 200 || status == 204 || status == 304) {
            state = State.DONE;
        } else if (chunked) {
            state = State.CHUNK_SIZE;
        } else if (contentLength >= 0) {
            remaining = contentLength;
            state = contentLength == 0 ? State.DONE : State.BODY_FIXED;
        } else {
            keepAlive = false;
            state = State.UNTIL_CLOSE;
        }
        return true;
    }

    private boolean chunkSize(int length) {
        long size = 0;
        int i = 0;
        for (; i < length; i++) {
            int digit = Character.digit(line[i], 16);
            if (digit < 0) {
                break;
            }
            if (i >= 15) {
                return invalid("chunk size too large");
            }
            size = size * 16 + digit;
        }
        if (i == 0 || (i < length && line[i] != ';' && line[i] != ' ' && line[i] != '\t')) {
            return invalid("bad chunk size line");
        }
        if (size == 0) {
            state = State.TRAILERS;
        } else {
            remaining = size;
            state = State.CHUNK_DATA;
        }
        return true;
    }

    private boolean invalid(String why) {
        problem = why;
        return false;
    }

    private boolean startsWith(String prefix) {
        for (int i = 0; i < prefix.length(); i++) {
            if (line[i] != prefix.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private int indexOf(byte b, int length) {
        for (int i = 0; i < length; i++) {
            if (line[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** Header names are ASCII and case-insensitive; {@code lower} is lower case. */
    private boolean nameIs(String lower, int nameLength) {
        if (nameLength != lower.length()) {
            return false;
        }
        for (int i = 0; i < nameLength; i++) {
            if ((line[i] | 0x20) != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private long decimal(int from, int to) {
        if (from == to || to - from > 18) {
            return -1;
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            byte c = line[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private boolean containsToken(String lower, int from, int to) {
        int start = from;
        for (int i = from; i <= to; i++) {
            if (i == to || line[i] == ',') {
                if (tokenIs(lower, start, i)) {
                    return true;
                }
                start = i + 1;
            }
        }
        return false;
    }

    private boolean endsWithToken(String lower, int from, int to) {
        int start = from;
        for (int i = to - 1; i >= from; i--) {
            if (line[i] == ',') {
                start = i + 1;
                break;
            }
        }
        return tokenIs(lower, start, to);
    }

    private boolean tokenIs(String lower, int from, int to) {
        while (from < to && (line[from] == ' ' || line[from] == '\t')) {
            from++;
        }
        while (to > from && (line[to - 1] == ' ' || line[to - 1] == '\t')) {
            to--;
        }
        if (to - from != lower.length()) {
            return false;
        }
        for (int i = 0; i < lower.length(); i++) {
            if ((line[from + i] | 0x20) != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
