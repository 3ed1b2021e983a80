package io.proxybench.loadtest.warmup;

import java.util.Locale;

/** Why a front end's warm-up ended, as run.json records it. */
public enum WarmupEnd {
    /** JIT quiet and req/s stable: the steps measure a warm front end. */
    STEADY,
    /** The cap came first: the steps are flagged {@code not-steady}. */
    CAP,
    /** A fixed {@code --warmup TIME} ran its time. */
    FIXED,
    /** {@code --warmup 0}. */
    NONE,
    /** The generator failed during the warm-up (the run's warnings say why). */
    FAILED;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
