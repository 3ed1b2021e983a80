package io.proxybench.loadtest.sample;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * proxy-netty's TLS handshake counters from its admin {@code /metrics}: {@code proxy.tls.handshakes.full}
 * and {@code .resumed}, totals since it started. Read at a step's start and end on a TLS churn run, so
 * that the step's resumed share is the proxy's own count.
 */
public final class TlsHandshakeReader {

    public static final String FULL = "proxy.tls.handshakes.full";
    public static final String RESUMED = "proxy.tls.handshakes.resumed";

    /** Totals since the proxy started. */
    public record Totals(long full, long resumed) {}

    private final AdminGet admin;

    public TlsHandshakeReader(Duration timeout) {
        this.admin = new AdminGet(timeout);
    }

    /** The totals; empty where the proxy publishes neither counter. */
    public Optional<Totals> read(URI metrics) throws IOException, InterruptedException {
        return parse(admin.body(metrics));
    }

    static Optional<Totals> parse(String json) throws IOException {
        long[] counts = {-1, -1};
        MetricsDocument.forEachFigure(json, new String[] {"counters", "meters"}, (name, value) -> {
            if (name.equals(FULL)) {
                counts[0] = value.asLong();
            } else if (name.equals(RESUMED)) {
                counts[1] = value.asLong();
            }
        });
        return counts[0] < 0 || counts[1] < 0 ? Optional.empty() : Optional.of(new Totals(counts[0], counts[1]));
    }
}
