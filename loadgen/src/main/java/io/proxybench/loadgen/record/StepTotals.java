package io.proxybench.loadgen.record;

/**
 * Counters of a step, summed over the loops.
 *
 * @param errors     indexed by {@link ErrorKind#ordinal()}
 * @param handshakes TLS handshakes that succeeded (0 on plain HTTP)
 * @param resumed    those of them that resumed an earlier session
 */
public record StepTotals(
        long requests, long bytes, long[] errors, long connectionsOpened, long unsent, long handshakes, long resumed) {

    public static StepTotals zero() {
        return new StepTotals(0, 0, new long[ErrorKind.values().length], 0, 0, 0, 0);
    }

    public StepTotals plus(StepTotals o) {
        long[] sum = errors.clone();
        for (int i = 0; i < sum.length; i++) {
            sum[i] += o.errors[i];
        }
        return new StepTotals(
                requests + o.requests,
                bytes + o.bytes,
                sum,
                connectionsOpened + o.connectionsOpened,
                unsent + o.unsent,
                handshakes + o.handshakes,
                resumed + o.resumed);
    }

    public long errors(ErrorKind kind) {
        return errors[kind.ordinal()];
    }
}
