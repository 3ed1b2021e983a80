package io.proxybench.netty.origin;

import io.netty.channel.CombinedChannelDuplexHandler;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMethod;

import java.util.ArrayDeque;

/**
 * The HTTP/1.1 client codec of one origin connection. It does what Netty's {@code HttpClientCodec}
 * does for a proxy that never sends CONNECT or upgrades (pairs each response with its request's
 * method so a response to HEAD is read without a body), with a decoder that shares the words
 * every response head repeats.
 */
public final class OriginHttpCodec extends CombinedChannelDuplexHandler<OriginResponseDecoder, OriginRequestEncoder> {

    public OriginHttpCodec(HttpDecoderConfig config) {
        ArrayDeque<HttpMethod> awaiting = new ArrayDeque<>(2);
        init(new OriginResponseDecoder(config, awaiting), new OriginRequestEncoder(awaiting));
    }
}
