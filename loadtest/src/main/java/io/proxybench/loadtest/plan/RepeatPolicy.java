package io.proxybench.loadtest.plan;

/**
 * How many times every front end runs every step. Repeats are interleaved: repeat 1 of every front
 * end, then repeat 2 of every front end, and so on.
 *
 * @param count            the most repeats (1 = once)
 * @param untilUndisturbed stop after the round in which every front end's ratio to the first has this
 *                         many undisturbed repeats at every step ({@code count} stays the most); 0 for all
 * @param alternate        every second round runs the front ends in reverse order (A B, B A, A B, ...: ABBA),
 *                         so that what drifts within a round (the machine warming, the page cache) favours
 *                         neither side; {@code ab} runs this way
 */
public record RepeatPolicy(int count, int untilUndisturbed, boolean alternate) {

    public static final RepeatPolicy ONCE = new RepeatPolicy(1, 0);

    /** Rounds in the declared order every time. */
    public RepeatPolicy(int count, int untilUndisturbed) {
        this(count, untilUndisturbed, false);
    }
}
