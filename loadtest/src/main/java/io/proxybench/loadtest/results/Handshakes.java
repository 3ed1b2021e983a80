package io.proxybench.loadtest.results;

/**
 * A churn step's TLS handshakes (run {@code --tls --mode churn}, where every request is a new
 * connection); null on other runs and in files written before they were recorded.
 *
 * @param perSec           handshakes per second: the built-in generator's own count of those that
 *                         succeeded, else (wrk) one per request answered
 * @param proxyCpuUsPer    the front end's CPU time per handshake, in µs: its CPU per request with the
 *                         handshake and the request together, counted per handshake
 * @param resumedPct       the share of them that resumed a session; null where it cannot be known
 * @param resumedCountedBy who counted the resumed ones: {@code proxy} (proxy-netty's
 *                         {@code proxy.tls.handshakes.*} counters) or {@code generator} (the built-in one)
 */
public record Handshakes(Double perSec, Double proxyCpuUsPer, Double resumedPct, String resumedCountedBy) {

    static final Handshakes NONE = new Handshakes(null, null, null, null);
}
