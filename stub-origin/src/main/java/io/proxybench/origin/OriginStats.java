package io.proxybench.origin;

import io.proxybench.origin.behavior.FaultKind;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The origin's counters at one moment. Connection counts include connections to the stats path;
 * {@code requests} counts complete requests outside {@code /_origin/}.
 *
 * @param requests            complete requests received (answered or still waiting for their latency)
 * @param activeConnections   connections open now
 * @param totalConnections    connections accepted
 * @param rejectedConnections connections closed at accept because {@code maxConnections} were open
 * @param bytesIn             bytes read from clients
 * @param bytesOut            bytes handed to the sockets for clients
 * @param faults              injected faults by wire name ({@code status-500}, {@code reset}, ...), every kind present
 * @param compilationTimeMs   the origin JVM's total JIT compile time so far (never reset: it tells whether the
 *                            origin is still warming up); null where the JVM does not track it
 */
public record OriginStats(
        long requests,
        long activeConnections,
        long totalConnections,
        long rejectedConnections,
        long bytesIn,
        long bytesOut,
        Map<String, Long> faults,
        Long compilationTimeMs) {

    public OriginStats {
        faults = Collections.unmodifiableMap(new LinkedHashMap<>(faults));
    }

    /** How many faults of {@code kind} were injected. */
    public long faultCount(FaultKind kind) {
        return faults.getOrDefault(kind.wireName(), 0L);
    }
}
