package io.proxybench.core.conformance.origin;

import io.proxybench.core.http.MapHeaders;

/**
 * A request as it reached the {@link RecordingOrigin}, i.e. as the proxy forwarded it.
 *
 * @param connection which accepted connection carried it (1, 2, ... in accept order)
 */
public record RecordedRequest(
        int connection,
        String method,
        String target,
        String version,
        MapHeaders headers,
        long bodyLength,
        String bodySha256) {

    public String header(String name) {
        return headers.get(name);
    }
}
