package io.proxybench.loadtest.plan;

import java.util.Locale;

/**
 * What runs at a step's load just before every step after a front end's first: nothing, a fixed
 * time, or ({@code auto}) short windows until the front end is steady again, at most {@code capSec}.
 * The warm-up runs at the first step's load only; a larger step reaches code the smaller one did not
 * (more connections per event loop, other pool paths), and without a lead-in that step would measure
 * the JIT compiling it.
 *
 * @param auto     until steady, capped
 * @param fixedSec seconds of a fixed lead-in; 0 with {@code auto} false is none
 * @param capSec   most seconds an automatic lead-in may take
 */
public record LeadInPolicy(boolean auto, int fixedSec, int capSec) {

    public static final String AUTO = "auto";
    public static final String NONE_WORD = "none";
    /**
     * Long enough for the JITs to settle at a new load in most steps: after a warm-up at 10 connections,
     * 7 of 18 lead-ins at 100 to 1,000 connections needed 30 to 42 s (proxy-netty's and the origin's
     * compiling, nginx's runs waiting on the origin's), and with a 30 s cap 10 of 45 such steps were
     * flagged not-steady.
     */
    public static final int DEFAULT_CAP_SEC = 60;
    /** The option's default as picocli reads it: a constant, and the same 60 s. */
    public static final String DEFAULT_CAP = DEFAULT_CAP_SEC + "s";

    public static final LeadInPolicy NONE = new LeadInPolicy(false, 0, DEFAULT_CAP_SEC);

    /**
     * {@code --lead-in}: {@code auto}, {@code none} (or {@code 0}), or a fixed time ({@code 5s}); left out
     * it is {@code auto}, or none when the warm-up is none, so a quick run stays quick. {@code cap} is
     * {@code --lead-in-cap} (null: the default), read whatever the lead-in so that a bad value is refused either way.
     */
    public static LeadInPolicy parse(String value, String cap, WarmupPolicy warmup) throws PlanException {
        int capSec = DurationParser.wholeSeconds(cap == null ? DEFAULT_CAP : cap, "--lead-in-cap", 1);
        if (value == null) {
            return warmup.none() ? NONE : new LeadInPolicy(true, 0, capSec);
        }
        String v = value.trim().toLowerCase(Locale.ROOT);
        if (v.equals(AUTO)) {
            return new LeadInPolicy(true, 0, capSec);
        }
        if (v.equals(NONE_WORD)) {
            return NONE;
        }
        int fixed;
        try {
            fixed = DurationParser.wholeSeconds(value, "--lead-in", 0);
        } catch (PlanException e) {
            throw new PlanException(e.getMessage() + " (or auto, none)");
        }
        return fixed == 0 ? NONE : new LeadInPolicy(false, fixed, capSec);
    }

    public boolean none() {
        return !auto && fixedSec == 0;
    }

    /** As the command line reads it: {@code auto}, {@code 5s} or {@code none}. */
    public String describe() {
        return auto ? AUTO : fixedSec == 0 ? NONE_WORD : fixedSec + "s";
    }
}
