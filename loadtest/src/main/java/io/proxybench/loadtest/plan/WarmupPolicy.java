package io.proxybench.loadtest.plan;

/**
 * How each front end is warmed before its first step: none, a fixed time, or until it is steady
 * (JIT quiet and req/s stable), at most {@code capSec}.
 *
 * @param fixedSec seconds of a fixed warm-up; 0 with {@code auto} false is none
 * @param capSec   most seconds an automatic warm-up may take
 */
public record WarmupPolicy(boolean auto, int fixedSec, int capSec) {

    public static final String AUTO = "auto";
    public static final int DEFAULT_CAP_SEC = 120;
    /** The option's default as picocli reads it: a constant, and the same 120 s. */
    public static final String DEFAULT_CAP = DEFAULT_CAP_SEC + "s";

    /** {@code --warmup} ({@code auto}, {@code 30s}, {@code 0}) with {@code --warmup-cap}. */
    public static WarmupPolicy parse(String warmup, String cap) throws PlanException {
        int capSec = DurationParser.wholeSeconds(cap, "--warmup-cap", 1);
        if (warmup.trim().equalsIgnoreCase(AUTO)) {
            return new WarmupPolicy(true, 0, capSec);
        }
        int fixed;
        try {
            fixed = DurationParser.wholeSeconds(warmup, "--warmup", 0);
        } catch (PlanException e) {
            throw new PlanException(e.getMessage() + " (or auto)");
        }
        return new WarmupPolicy(false, fixed, capSec);
    }

    public boolean none() {
        return !auto && fixedSec == 0;
    }

    /** As the command line reads it: {@code auto}, {@code 30s} or {@code 0}. */
    public String describe() {
        return auto ? AUTO : fixedSec == 0 ? "0" : fixedSec + "s";
    }
}
