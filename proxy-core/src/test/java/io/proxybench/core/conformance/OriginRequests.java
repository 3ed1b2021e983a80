package io.proxybench.core.conformance;

import io.proxybench.core.conformance.client.RawRequest;

/** Requests for the stub origin, spelled with its {@code X-Origin-*} directives. */
public final class OriginRequests {

    public static final String LATENCY = "X-Origin-Latency";
    public static final String PAYLOAD_SIZE = "X-Origin-Payload-Size";
    public static final String FAULT = "X-Origin-Fault";
    public static final String REQUEST_ID = "X-Request-Id";

    private OriginRequests() {}

    /** GET answered at once with {@code size} payload bytes. */
    public static RawRequest payload(int size) {
        return payload(size, "0ms");
    }

    /** GET answered after {@code latency} (e.g. {@code 20ms}) with {@code size} payload bytes. */
    public static RawRequest payload(int size, String latency) {
        return RawRequest.get("/payload").header(LATENCY, latency).header(PAYLOAD_SIZE, Integer.toString(size));
    }

    /** GET that makes the origin misbehave in the named way (a {@code FaultKind} wire name). */
    public static RawRequest fault(String wireName) {
        return RawRequest.get("/fault/" + wireName).header(LATENCY, "0ms").header(FAULT, wireName);
    }
}
