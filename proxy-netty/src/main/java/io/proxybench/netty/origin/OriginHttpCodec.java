package io.proxybench.netty.origin;

import io.netty.channel.ChannelHandler;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMethod;
import java.util.ArrayDeque;

/**
 * The HTTP/1.1 client codec of one origin connection. It does what Netty's {@code HttpClientCodec}
 * does for a proxy that never sends CONNECT or upgrades (pairs each response with its request's
 * method so a response to HEAD is read without a body), with a decoder that shares the words
 * every response head repeats.
 *
 * <p>The decoder and encoder go into the pipeline as two handlers rather than inside a
 * {@code CombinedChannelDuplexHandler}: the wrapper and its two delegating contexts are three
 * objects an origin connection holds and one more step every read and write takes, for nothing a
 * proxy uses (the client side dropped {@code HttpServerCodec} for the same reason).
 */
public final class OriginHttpCodec {

    private OriginHttpCodec() {}

    /** One connection's decoder and encoder, in pipeline order, sharing the queue of awaited responses. */
    public static ChannelHandler[] handlers(HttpDecoderConfig config) {
        ArrayDeque<HttpMethod> awaiting = new ArrayDeque<>(2);
        return new ChannelHandler[] {new OriginResponseDecoder(config, awaiting), new OriginRequestEncoder(awaiting)};
    }
}
