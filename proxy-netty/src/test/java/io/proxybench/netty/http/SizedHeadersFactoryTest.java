package io.proxybench.netty.http;

import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SizedHeadersFactoryTest {

    @Test
    void headsKeepEveryHeaderFindableCaseInsensitivelyBeyondTheBucketCount() {
        HttpHeaders h = SizedHeadersFactory.HEADERS.newHeaders();
        for (int i = 0; i < 40; i++) {
            h.add("X-Header-" + i, "v" + i);
        }
        h.add("x-header-7", "second");
        assertThat(h.size()).isEqualTo(41);
        for (int i = 0; i < 40; i++) {
            assertThat(h.get("x-HEADER-" + i)).isEqualTo("v" + i);
        }
        assertThat(h.getAll("X-Header-7")).containsExactly("v7", "second");
    }

    @Test
    void headsRejectWhatNettysDefaultRejects() {
        HttpHeaders sized = SizedHeadersFactory.HEADERS.newHeaders();
        HttpHeaders netty = DefaultHttpHeadersFactory.headersFactory().newHeaders();
        assertThatThrownBy(() -> netty.add("Bad Name", "v")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> sized.add("Bad Name", "v")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> sized.add("X-Ok", "line\r\nInjected: yes")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void trailersStillRefuseFramingFields() {
        HttpHeaders trailers = SizedHeadersFactory.TRAILERS.newHeaders();
        assertThatThrownBy(() -> trailers.add(HttpHeaderNames.CONTENT_LENGTH, "5"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> trailers.add(HttpHeaderNames.TRANSFER_ENCODING, "chunked"))
                .isInstanceOf(IllegalArgumentException.class);
        trailers.add("X-Checksum", "abc");
        assertThat(trailers.get("x-checksum")).isEqualTo("abc");
    }
}
