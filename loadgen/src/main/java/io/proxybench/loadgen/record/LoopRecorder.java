package io.proxybench.loadgen.record;

import java.util.Arrays;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The figures of one event loop: a latency recorder and plain counters, all written by that loop's
 * thread only (no atomics on the hot path). Counters are read and zeroed on the loop itself
 * ({@link #takeTotals()}); the histogram is read from the collecting thread through the recorder's
 * interval handover, which is what {@link SingleWriterRecorder} is made for.
 */
public final class LoopRecorder {

    /** One hour in microseconds: anything longer is clamped to it. */
    public static final long HIGHEST_US = 3_600_000_000L;

    public static final int DIGITS = 3;

    private final SingleWriterRecorder recorder = new SingleWriterRecorder(1, HIGHEST_US, DIGITS);
    /** Touched by the collecting thread only. */
    private Histogram recycled;

    private long requests;
    private long bytes;
    private final long[] errors = new long[ErrorKind.values().length];
    private long connectionsOpened;
    private long unsent;
    private long handshakes;
    private long resumed;

    /** A completed response (any status) that took {@code nanos}. */
    public void response(long nanos) {
        requests++;
        recorder.recordValue(Math.min(HIGHEST_US, Math.max(1, nanos / 1000)));
    }

    public void bytes(long n) {
        bytes += n;
    }

    public void error(ErrorKind kind) {
        errors[kind.ordinal()]++;
    }

    public void connectionOpened() {
        connectionsOpened++;
    }

    /** A TLS handshake that succeeded, {@code resumedSession} when it resumed an earlier one. */
    public void handshake(boolean resumedSession) {
        handshakes++;
        if (resumedSession) {
            resumed++;
        }
    }

    /** Requests the open model meant to send before the step ended but never did. */
    public void unsent(long n) {
        unsent += n;
    }

    /** On the loop: the counters since the last call, then zeroed. */
    public StepTotals takeTotals() {
        StepTotals totals =
                new StepTotals(requests, bytes, errors.clone(), connectionsOpened, unsent, handshakes, resumed);
        handshakes = 0;
        resumed = 0;
        requests = 0;
        bytes = 0;
        Arrays.fill(errors, 0);
        connectionsOpened = 0;
        unsent = 0;
        return totals;
    }

    /** On the collecting thread: adds what was recorded since the last call to {@code into}. */
    public void drainInto(Histogram into) {
        recycled = recorder.getIntervalHistogram(recycled);
        into.add(recycled);
    }
}
