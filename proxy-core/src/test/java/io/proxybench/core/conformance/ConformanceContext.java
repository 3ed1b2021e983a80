package io.proxybench.core.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.core.conformance.client.BodyBytes;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.origin.RecordingOrigin;
import io.proxybench.core.conformance.wire.WireOrigin;
import io.proxybench.origin.StubOrigin;
import java.util.Map;

/**
 * What every group of cases can use: the shared origins and proxy, dedicated ones for cases that
 * need fresh counters or other settings, and the checks several groups share.
 *
 * <p>The shared proxy routes {@code /} to the stub origin, {@link #RECORDED} to the recording
 * origin and {@link #DEAD} to a port where nothing listens.
 */
public interface ConformanceContext {

    /** Route prefix of the {@link RecordingOrigin} on the shared proxy. */
    String RECORDED = "/_recorded";
    /** Route prefix of the {@link WireOrigin}. */
    String WIRE = "/_wire";
    /** Route prefix of an origin address that refuses connections. */
    String DEAD = "/_dead";

    /** The scheme clients use on the proxy port, as X-Forwarded-Proto tells the origin. */
    default String scheme() {
        return "http";
    }

    /** The stub origin behind the shared proxy (latency 0 unless a request asks). */
    StubOrigin origin();

    /** The origin that writes down what the proxy forwarded. */
    RecordingOrigin recorder();

    /** The origin that parses what the proxy forwarded strictly and answers with its serial number. */
    WireOrigin wireOrigin();

    /** The proxy every case may use; it must stay healthy whatever a case did to it. */
    ProxyUnderTest proxy();

    /**
     * A proxy of the front end under test with {@code overrides} over the suite's settings, closed
     * after the case. Unlike the shared one its counters start at zero.
     */
    ProxyUnderTest startProxy(Map<String, String> overrides) throws Exception;

    /** A stub origin with the suite's options and fresh counters, closed after the case. */
    StubOrigin startOrigin();

    /** The {@code routes} value sending everything to {@code origin}. */
    default String routeAllTo(StubOrigin origin) {
        return "/=127.0.0.1:" + origin.port();
    }

    /**
     * How many separate origin pools the front end keeps per origin host in this layout (e.g. one
     * per event loop): a client that sends requests one after another may open one connection in
     * each. The suite bounds origin connections by this.
     */
    int originPoolsPerHost();

    /** A 200 whose body is exactly the stub origin's payload of {@code size} bytes. */
    default void assertPayload(RawResponse response, int size) {
        assertThat(response.status()).as("status of %s", response).isEqualTo(200);
        assertThat(response.complete()).as("body complete: %s", response).isTrue();
        assertThat(response.body().length).as("body length").isEqualTo(size);
        byte[] expected = StubOrigin.expectedPayload(origin().options().seed(), size);
        assertThat(BodyBytes.sha256(response.body()))
                .as("SHA-256 of the %d body bytes", size)
                .isEqualTo(BodyBytes.sha256(expected));
    }

    /** The proxy still answers a plain request correctly on a new connection. */
    default void assertStillServing(ProxyUnderTest proxy) throws Exception {
        assertPayload(proxy.exchange(OriginRequests.payload(2048)), 2048);
    }
}
