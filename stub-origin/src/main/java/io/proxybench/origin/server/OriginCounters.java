package io.proxybench.origin.server;

import io.proxybench.origin.OriginStats;
import io.proxybench.origin.behavior.FaultKind;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** The origin's counters; every event loop updates them, so they are adders rather than one contended word. */
public final class OriginCounters {

    final LongAdder requests = new LongAdder();
    final LongAdder totalConnections = new LongAdder();
    final LongAdder rejectedConnections = new LongAdder();
    final LongAdder bytesIn = new LongAdder();
    final LongAdder bytesOut = new LongAdder();
    /** Read at every accept to enforce the connection limit, so it must be exact, not an adder's estimate. */
    final AtomicLong activeConnections = new AtomicLong();

    private final LongAdder[] faults = new LongAdder[FaultKind.values().length];

    public OriginCounters() {
        for (int i = 0; i < faults.length; i++) {
            faults[i] = new LongAdder();
        }
    }

    void countFault(FaultKind kind) {
        faults[kind.ordinal()].increment();
    }

    public OriginStats snapshot() {
        Map<String, Long> byKind = new LinkedHashMap<>();
        for (FaultKind kind : FaultKind.values()) {
            byKind.put(kind.wireName(), faults[kind.ordinal()].sum());
        }
        return new OriginStats(
                requests.sum(),
                activeConnections.get(),
                totalConnections.sum(),
                rejectedConnections.sum(),
                bytesIn.sum(),
                bytesOut.sum(),
                byKind,
                compilationTimeMs());
    }

    private static Long compilationTimeMs() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : null;
    }

    /** Zeroes everything but the open-connection gauge, which describes the present rather than a period. */
    public void reset() {
        requests.reset();
        totalConnections.reset();
        rejectedConnections.reset();
        bytesIn.reset();
        bytesOut.reset();
        for (LongAdder fault : faults) {
            fault.reset();
        }
    }
}
