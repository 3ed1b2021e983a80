package io.proxybench.netty.origin;

import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.util.AsciiString;
import io.proxybench.netty.http.ResponseHeadWords;
import java.util.Queue;

/**
 * Netty's response decoder, told which request each response answers (a response to HEAD has no
 * body, whatever its head says) and handed the shared words of a response head instead of fresh
 * copies (see {@link ResponseHeadWords}). Framing is Netty's, unchanged.
 */
final class OriginResponseDecoder extends HttpResponseDecoder {

    /** Methods of the requests written and not yet answered, oldest first (filled by the encoder). */
    private final Queue<HttpMethod> awaiting;

    OriginResponseDecoder(HttpDecoderConfig config, Queue<HttpMethod> awaiting) {
        super(config);
        this.awaiting = awaiting;
    }

    @Override
    protected boolean isContentAlwaysEmpty(HttpMessage msg) {
        // An interim (1xx) response answers no request by itself: the final one is still to come.
        if (((HttpResponse) msg).status().codeClass() != HttpStatusClass.INFORMATIONAL
                && HttpMethod.HEAD.equals(awaiting.poll())) {
            return true;
        }
        return super.isContentAlwaysEmpty(msg);
    }

    @Override
    protected String splitFirstWordInitialLine(byte[] b, int start, int length) {
        String word = ResponseHeadWords.version(b, start, length);
        return word != null ? word : super.splitFirstWordInitialLine(b, start, length);
    }

    @Override
    protected String splitSecondWordInitialLine(byte[] b, int start, int length) {
        String word = ResponseHeadWords.statusCode(b, start, length);
        return word != null ? word : super.splitSecondWordInitialLine(b, start, length);
    }

    @Override
    protected String splitThirdWordInitialLine(byte[] b, int start, int length) {
        String word = ResponseHeadWords.reason(b, start, length);
        return word != null ? word : super.splitThirdWordInitialLine(b, start, length);
    }

    @Override
    protected AsciiString splitHeaderName(byte[] b, int start, int length) {
        AsciiString name = ResponseHeadWords.name(b, start, length);
        return name != null ? name : super.splitHeaderName(b, start, length);
    }
}
