package io.proxybench.netty.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ResponseHeadWordsTest {

    private static byte[] line(String s) {
        return ("xx" + s + "yy").getBytes(StandardCharsets.ISO_8859_1);
    }

    @Test
    void sharesOnlyExactMatchesAndAnswersTheSameObjectEachTime() {
        assertThat(ResponseHeadWords.version(line("HTTP/1.1"), 2, 8))
                .isSameAs(ResponseHeadWords.version(line("HTTP/1.1"), 2, 8))
                .isEqualTo("HTTP/1.1");
        assertThat(ResponseHeadWords.version(line("HTTP/1.2"), 2, 8)).isNull();
        assertThat(ResponseHeadWords.version(line("http/1.1"), 2, 8)).isNull();

        assertThat(ResponseHeadWords.statusCode(line("200"), 2, 3)).isEqualTo("200");
        assertThat(ResponseHeadWords.statusCode(line("599"), 2, 3)).isEqualTo("599");
        assertThat(ResponseHeadWords.statusCode(line("099"), 2, 3)).isNull();
        assertThat(ResponseHeadWords.statusCode(line("2x0"), 2, 3)).isNull();
        assertThat(ResponseHeadWords.statusCode(line("2000"), 2, 4)).isNull();

        assertThat(ResponseHeadWords.reason(line("OK"), 2, 2)).isSameAs(HttpResponseStatus.OK.reasonPhrase());
        assertThat(ResponseHeadWords.reason(line("Not Found"), 2, 9)).isEqualTo("Not Found");
        assertThat(ResponseHeadWords.reason(line("Ok"), 2, 2)).isNull();
        assertThat(ResponseHeadWords.reason(line("Fine"), 2, 4)).isNull();

        assertThat((CharSequence) ResponseHeadWords.name(line("Content-Length"), 2, 14))
                .hasToString("Content-Length");
        assertThat((CharSequence) ResponseHeadWords.name(line("content-length"), 2, 14))
                .hasToString("content-length");
        assertThat((CharSequence) ResponseHeadWords.name(line("Content-length"), 2, 14))
                .isNull();
        assertThat((CharSequence) ResponseHeadWords.name(line("X-Custom"), 2, 8))
                .isNull();
        assertThat((CharSequence) ResponseHeadWords.name(line("Content-Lengthy"), 2, 15))
                .isNull();
        byte[] high = line("Via");
        high[2] = (byte) 0xD6; // 'V' with the top bit set must not match
        assertThat((CharSequence) ResponseHeadWords.name(high, 2, 3)).isNull();
    }
}
