package io.proxybench.core.conformance.cases;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.conformance.ConformanceContext;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.BodyBytes;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.origin.RecordingOrigin;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Large bodies stream through whole, whichever way they are framed. */
public interface BodyCases extends ConformanceContext {

    int TEN_MIB = 10 * 1024 * 1024;

    @Test
    @DisplayName("a 10 MiB request body framed by Content-Length reaches the origin intact")
    default void largeSizedRequestBodyArrivesIntact() throws Exception {
        byte[] body = BodyBytes.random(TEN_MIB, 11);
        assertUploadArrives(body, RawRequest.post(RECORDED + "/upload/sized", body), "/upload/sized");
    }

    @Test
    @DisplayName("a 10 MiB chunked request body reaches the origin intact")
    default void largeChunkedRequestBodyArrivesIntact() throws Exception {
        byte[] body = BodyBytes.random(TEN_MIB, 12);
        assertUploadArrives(
                body, RawRequest.post(RECORDED + "/upload/chunked", body).chunked(8191), "/upload/chunked");
    }

    @Test
    @DisplayName("a 10 MiB response body framed by Content-Length reaches the client intact")
    default void largeSizedResponseBodyArrivesIntact() throws Exception {
        RawResponse r = proxy().exchange(OriginRequests.payload(TEN_MIB));
        assertPayload(r, TEN_MIB);
    }

    @Test
    @DisplayName("a 10 MiB chunked response body reaches the client intact")
    default void largeChunkedResponseBodyArrivesIntact() throws Exception {
        RawResponse r = proxy().exchange(
                        RawRequest.get(RECORDED + RecordingOrigin.CHUNKED_DOWNLOAD_SUFFIX + "?size=" + TEN_MIB));
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.complete()).as("body complete: %s", r).isTrue();
        assertThat(r.body().length).isEqualTo(TEN_MIB);
        assertThat(BodyBytes.sha256(r.body()))
                .as("SHA-256 of the body")
                .isEqualTo(BodyBytes.sha256(BodyBytes.random(TEN_MIB, RecordingOrigin.CHUNKED_SEED)));
    }

    private void assertUploadArrives(byte[] body, RawRequest upload, String marker) throws Exception {
        RawResponse r = proxy().exchange(upload);
        assertThat(r.status()).as("upload answered %s", r).isEqualTo(200);
        assertThat(recorder().lastWith(marker).bodyLength())
                .as("body bytes at the origin")
                .isEqualTo(body.length);
        assertThat(r.header("X-Recorded-Body-Sha256"))
                .as("SHA-256 of the body at the origin, answered %s", r)
                .isEqualTo(BodyBytes.sha256(body));
    }
}
