package io.proxybench.origin.server;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.Random;

/**
 * The bytes every body is cut from: one direct block of seeded random bytes made at start, repeated as
 * often as a body needs. Each body piece is a retained slice of that block, so serving a body copies nothing.
 */
public final class PayloadBuffers implements AutoCloseable {

    public static final int BLOCK_SIZE = 64 * 1024;

    private final ByteBuf block;

    public PayloadBuffers(long seed) {
        ByteBuf bytes = Unpooled.directBuffer(BLOCK_SIZE, BLOCK_SIZE);
        bytes.writeBytes(blockBytes(seed));
        this.block = bytes.asReadOnly();
    }

    /** The body of {@code length} bytes this origin serves for {@code seed}; for checking bodies end to end. */
    public static byte[] expectedBody(long seed, int length) {
        byte[] block = blockBytes(seed);
        byte[] body = new byte[length];
        for (int off = 0; off < length; off += BLOCK_SIZE) {
            System.arraycopy(block, 0, body, off, Math.min(BLOCK_SIZE, length - off));
        }
        return body;
    }

    private static byte[] blockBytes(long seed) {
        byte[] bytes = new byte[BLOCK_SIZE];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    /**
     * Writes body bytes {@code [from, to)} as HTTP content pieces, without flushing. When {@code endOfBody} is
     * set the last piece is a {@link LastHttpContent} (an empty one if the range is empty) and it carries
     * {@code lastPromise}; otherwise {@code lastPromise} goes with the last piece written, if any.
     */
    void writeRange(ChannelHandlerContext ctx, long from, long to, boolean endOfBody, ChannelPromise lastPromise) {
        if (from >= to) {
            if (endOfBody) {
                ctx.write(LastHttpContent.EMPTY_LAST_CONTENT, lastPromise);
            } else if (!lastPromise.isVoid()) {
                lastPromise.setSuccess();
            }
            return;
        }
        long at = from;
        while (at < to) {
            int offset = (int) (at % BLOCK_SIZE);
            int length = (int) Math.min(BLOCK_SIZE - offset, to - at);
            ByteBuf piece = block.retainedSlice(offset, length);
            at += length;
            boolean lastPiece = at == to;
            if (lastPiece && endOfBody) {
                ctx.write(new DefaultLastHttpContent(piece), lastPromise);
            } else {
                ctx.write(new DefaultHttpContent(piece), lastPiece ? lastPromise : ctx.voidPromise());
            }
        }
    }

    @Override
    public void close() {
        block.release();
    }
}
