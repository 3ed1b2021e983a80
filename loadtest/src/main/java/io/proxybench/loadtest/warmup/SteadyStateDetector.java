package io.proxybench.loadtest.warmup;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.Locale;

/**
 * Decides, window by window, whether a front end has stopped warming up. It is steady when, over the
 * last {@link Thresholds#windows} windows, (a) the front end's JIT and the origin's each compiled for
 * less than {@link Thresholds#jitQuietMsPerSec} per second in every window (a JIT that is not measured,
 * as in nginx, does not count), and (b) every window's req/s lies within {@link Thresholds#rpsSpread}
 * of their mean. The cap ends the warm-up whatever the windows say.
 *
 * <p>Both conditions matter: under a closed-model load whose ceiling is the origin's latency, req/s
 * can be flat while a cold proxy still compiles and costs several times its warm CPU per request;
 * and a quiet JIT with a drifting rate is a machine that has not settled.
 */
public final class SteadyStateDetector {

    /** What the latest window means for the warm-up. */
    public enum Verdict {
        WARMING,
        STEADY,
        CAP
    }

    /**
     * The rule's figures.
     *
     * @param windows          consecutive windows both conditions must hold over (also the shortest warm-up)
     * @param jitQuietMsPerSec JIT compile time per second below which a JVM counts as quiet
     * @param rpsSpread        largest relative distance of a window's req/s from the windows' mean
     * @param capSec           longest warm-up
     */
    public record Thresholds(int windows, double jitQuietMsPerSec, double rpsSpread, double capSec) {

        public Thresholds {
            if (windows < 2 || jitQuietMsPerSec <= 0 || rpsSpread <= 0 || capSec <= 0) {
                throw new IllegalArgumentException("thresholds out of range: " + windows + ", " + jitQuietMsPerSec
                        + ", " + rpsSpread + ", " + capSec);
            }
        }

        /** The same bars over another number of windows and with another cap (a per-step lead-in's). */
        public Thresholds over(int windowCount, double cap) {
            return new Thresholds(windowCount, jitQuietMsPerSec, rpsSpread, cap);
        }

        /** The kit's rule with {@code capSec} as the cap. */
        public static Thresholds defaults(double capSec) {
            return new Thresholds(DEFAULT_WINDOWS, DEFAULT_JIT_QUIET_MS_PER_SEC, DEFAULT_RPS_SPREAD, capSec);
        }
    }

    /** Five seconds in a row: a JIT that compiles in bursts rarely stays under the bar that long by chance. */
    static final int DEFAULT_WINDOWS = 5;
    /**
     * A warm proxy's JIT still compiles now and then (recompilations, rarely taken branches), a few ms
     * per second; one still warming compiles hundreds to thousands (summed over its compiler threads),
     * with a nearly quiet second here and there, hence several windows in a row
     * (docs/results-format.md, "Warm-up", gives a measured series).
     */
    public static final double DEFAULT_JIT_QUIET_MS_PER_SEC = 5.0;

    static final double DEFAULT_RPS_SPREAD = 0.03;

    private final Thresholds thresholds;
    private final Deque<WarmupWindow> last = new ArrayDeque<>();
    private double elapsedSec;
    private String waitingFor = "the first windows";

    public SteadyStateDetector(Thresholds thresholds) {
        this.thresholds = thresholds;
    }

    /** Takes the next window and says whether the warm-up may end. */
    public Verdict add(WarmupWindow window) {
        elapsedSec += window.seconds();
        last.addLast(window);
        while (last.size() > thresholds.windows()) {
            last.removeFirst();
        }
        waitingFor = unmet();
        if (waitingFor == null) {
            return Verdict.STEADY;
        }
        return elapsedSec >= thresholds.capSec() ? Verdict.CAP : Verdict.WARMING;
    }

    /**
     * Forgets the windows so far but not the time they took: after something that may make the front
     * end compile again, steadiness is shown afresh within the same cap.
     */
    public void restart() {
        last.clear();
        waitingFor = thresholds.windows() + " more windows";
    }

    public double elapsedSec() {
        return elapsedSec;
    }

    /** What the last window still lacked (for the log), e.g. {@code JIT 31.0 ms/s}; null once steady. */
    public String waitingFor() {
        return waitingFor;
    }

    private String unmet() {
        if (last.size() < thresholds.windows()) {
            return (thresholds.windows() - last.size()) + " more windows";
        }
        // newest first: the log and warmup.csv say what the latest window still lacked
        for (Iterator<WarmupWindow> it = last.descendingIterator(); it.hasNext(); ) {
            WarmupWindow w = it.next();
            if (busy(w.jitMsPerSec())) {
                return String.format(Locale.ROOT, "front end JIT %.1f ms/s", w.jitMsPerSec());
            }
            if (busy(w.originJitMsPerSec())) {
                return String.format(Locale.ROOT, "origin JIT %.1f ms/s", w.originJitMsPerSec());
            }
        }
        double mean = last.stream().mapToDouble(WarmupWindow::rps).average().orElse(0);
        if (!(mean > 0)) {
            return "requests to complete";
        }
        double spread = last.stream()
                .mapToDouble(w -> Math.abs(w.rps() - mean) / mean)
                .max()
                .orElse(0);
        if (spread > thresholds.rpsSpread()) {
            return String.format(
                    Locale.ROOT, "req/s within %.0f %% (%.1f %% apart)", 100 * thresholds.rpsSpread(), 100 * spread);
        }
        return null;
    }

    private boolean busy(Double jitMsPerSec) {
        return jitMsPerSec != null && jitMsPerSec >= thresholds.jitQuietMsPerSec();
    }
}
