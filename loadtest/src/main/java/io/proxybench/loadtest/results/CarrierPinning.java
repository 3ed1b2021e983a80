package io.proxybench.loadtest.results;

/**
 * How often a JVM front end's virtual threads pinned their carrier during one step, and for how long:
 * Flight Recorder's {@code jdk.VirtualThreadPinned} events of the step's load window, every one of
 * them (threshold 0). A pin is a virtual thread that blocked (parked) while it could not leave its
 * carrier: inside a native frame, or, before Java 24, inside {@code synchronized}. A carrier held by a
 * native call that blocks without parking (APR's socket reads) is not an event. Null for nginx and
 * HAProxy, a front end on a Java before 21, a proxy on another box, and in files written before it
 * was recorded.
 *
 * @param pinnedCount the step's pins
 * @param pinnedMs    their durations added up, in milliseconds
 */
public record CarrierPinning(Long pinnedCount, Double pinnedMs) {

    public static final CarrierPinning NONE = new CarrierPinning(null, null);
}
