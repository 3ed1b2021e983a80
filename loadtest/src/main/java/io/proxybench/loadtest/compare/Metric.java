package io.proxybench.loadtest.compare;

import io.proxybench.loadtest.results.StepRecord;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/** A step figure that two runs are compared on, and which way is worse. */
public enum Metric {
    RPS("req/s", s -> s.load().rps(), true, true, 0),
    MEAN("mean/ms", s -> s.latency().meanMs(), false, false, 2),
    P50("TP50/ms", s -> s.latency().p50Ms(), false, false, 2),
    P75("TP75/ms", s -> s.latency().p75Ms(), false, false, 2),
    P90("TP90/ms", s -> s.latency().p90Ms(), false, true, 2),
    P99("TP99/ms", s -> s.latency().p99Ms(), false, false, 2),
    CPU("CPU/%", s -> s.machine().cpuPct(), false, false, 2),
    US_PER_REQ("\u00b5s/req", s -> s.processes().proxyCpuUsPerReq(), false, false, 1),
    US_PER_REQ_OUTSIDE_JIT("\u00b5s/req ex-JIT", s -> s.processes().proxyCpuUsPerReqOutsideJit(), false, false, 1),
    SYS_US_PER_REQ("sys \u00b5s/req", s -> s.processes().proxySysCpuUsPerReq(), false, false, 1),
    CTX_SW("Ctx Sw.", s -> s.machine().ctxSwPerSec(), false, false, 0),
    MBPS("Mbps", s -> s.machine().netMbps(), true, false, 2),
    GC("GC ms/s", s -> s.jvm().gcMsPerSec(), false, false, 2);

    /**
     * The figures {@code compare} puts side by side: all but CPU per request outside the JIT, which only an
     * A/B after a short warm-up needs ({@code ab} and {@code gate} with {@code --jit-busy subtract}).
     */
    public static final List<Metric> COMPARED =
            Arrays.stream(values()).filter(m -> m != US_PER_REQ_OUTSIDE_JIT).toList();

    private final String label;
    private final Function<StepRecord, Double> value;
    private final boolean higherIsBetter;
    private final boolean gating;
    private final int decimals;

    Metric(String label, Function<StepRecord, Double> value, boolean higherIsBetter, boolean gating, int decimals) {
        this.label = label;
        this.value = value;
        this.higherIsBetter = higherIsBetter;
        this.gating = gating;
        this.decimals = decimals;
    }

    public String label() {
        return label;
    }

    public Double valueOf(StepRecord step) {
        Double v = value.apply(step);
        return v == null || v.isNaN() || v.isInfinite() ? null : v;
    }

    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** Whether moving the wrong way past the threshold fails the comparison (exit code 1). */
    public boolean gating() {
        return gating;
    }

    public int decimals() {
        return decimals;
    }
}
