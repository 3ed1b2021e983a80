package io.proxybench.loadtest.ab;

/** What an A/B comparison concluded, for one figure at one step and for the run as a whole. */
public enum Verdict {
    /** Better by at least the minimum effect, significant after the correction. */
    IMPROVEMENT,
    /** Worse by at least the minimum effect, significant after the correction. */
    REGRESSION,
    /** Not significant, or smaller than the minimum effect: within the noise ({@code ~}). */
    NO_CHANGE,
    /** Too few undisturbed pairs to test: no verdict either way. */
    INCONCLUSIVE
}
