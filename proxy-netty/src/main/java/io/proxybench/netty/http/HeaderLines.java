package io.proxybench.netty.http;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.CharsetUtil;

/**
 * Writes the header lines of a head held in {@link CompactHttpHeaders} by position, where
 * Netty's encoder asks for an iterator and reads an entry through it for every header: one object
 * per head that the JIT removes only when it manages to inline the whole loop. The bytes are the
 * ones Netty writes, {@code name: value} and CRLF, each character as its low byte.
 */
public final class HeaderLines {

    private static final short COLON_SPACE = (short) ((':' << 8) | ' ');
    private static final short CRLF = (short) (('\r' << 8) | '\n');

    private HeaderLines() {}

    /** Writes every header of {@code headers} to {@code buf}; false, writing nothing, unless they are compact. */
    public static boolean write(HttpHeaders headers, ByteBuf buf) {
        if (!(headers instanceof CompactHttpHeaders compact)) {
            return false;
        }
        for (int i = 0, n = compact.size(); i < n; i++) {
            CharSequence name = compact.nameAt(i);
            CharSequence value = compact.valueAt(i);
            buf.ensureWritable(name.length() + value.length() + 4);
            buf.writeCharSequence(name, CharsetUtil.US_ASCII);
            buf.writeShort(COLON_SPACE);
            buf.writeCharSequence(value, CharsetUtil.US_ASCII);
            buf.writeShort(CRLF);
        }
        return true;
    }
}
