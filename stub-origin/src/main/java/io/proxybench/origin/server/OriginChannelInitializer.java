package io.proxybench.origin.server;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerExpectContinueHandler;

/** Sets up an accepted connection: byte counting, HTTP/1.1 codec, 100-continue, and the origin's answers. */
final class OriginChannelInitializer extends ChannelInitializer<Channel> {

    /** Uploaded bodies are dropped anyway; bigger pieces mean fewer trips through the pipeline. */
    private static final int MAX_BODY_PIECE = 64 * 1024;
    /**
     * Requests the codec may hold unanswered. The origin stops reading at far fewer
     * ({@link OriginRequestHandler#PAUSE_READING_AT}), but everything already read is still decoded, and one
     * 64 KiB read of minimal requests holds a few thousand.
     */
    private static final int MAX_PIPELINE_DEPTH = 8192;

    private final ByteCounter byteCounter;
    private final ResponsePlanner planner;
    private final ResponseWriter writer;

    OriginChannelInitializer(ByteCounter byteCounter, ResponsePlanner planner, ResponseWriter writer) {
        this.byteCounter = byteCounter;
        this.planner = planner;
        this.writer = writer;
    }

    @Override
    protected void initChannel(Channel ch) {
        ch.pipeline()
                .addLast("bytes", byteCounter)
                .addLast(
                        "http",
                        new HttpServerCodec(
                                new HttpDecoderConfig().setMaxChunkSize(MAX_BODY_PIECE), MAX_PIPELINE_DEPTH))
                .addLast("expect-continue", new HttpServerExpectContinueHandler())
                .addLast("origin", new OriginRequestHandler(planner, writer));
    }
}
