package io.proxybench.loadtest.ab;

import io.proxybench.loadtest.compare.Metric;
import java.util.List;

/**
 * What an A/B run concluded: the one model of {@code ab.json}, written and read by {@link AbResultFile}, and
 * rendered by {@link AbTable}.
 *
 * @param baseline  the baseline front end's label (A)
 * @param candidate the candidate's label (B)
 * @param settings  how the comparisons were judged
 * @param rounds    how many rounds the run made (pairs of turns, A and B)
 * @param verdict   the run's verdict: a regression anywhere decides, then a step without enough pairs, then
 *                  an improvement anywhere
 * @param summary   the verdict in words, one line
 * @param steps     one per step both front ends were measured at, ascending
 * @param notes     what the reader should know about the whole (rounds too few for the family, say)
 */
public record AbResult(
        String baseline,
        String candidate,
        Settings settings,
        int rounds,
        Verdict verdict,
        String summary,
        List<StepResult> steps,
        List<String> notes) {

    public AbResult {
        steps = steps == null ? List.of() : List.copyOf(steps);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /**
     * How a comparison is judged.
     *
     * @param alpha        the family-wise significance level (never relaxed for few rounds)
     * @param minEffectPct a change smaller than this, in % of the baseline's median, is {@code ~} whatever its p
     * @param minPairs     the fewest undisturbed pairs a step needs for a verdict
     * @param correction   how the family of tests is controlled: {@code holm}
     * @param family       how many tests the correction spans (figures with enough pairs, over all steps)
     * @param jitBusy      whether steps the JIT was busy in counted, and CPU per request with or without it;
     *                     null in files written before it was recorded (then {@code EXCLUDE})
     * @param judged       which figures were judged; null in files written before it was recorded (then all)
     */
    public record Settings(
            double alpha,
            double minEffectPct,
            int minPairs,
            String correction,
            int family,
            JitBusyPolicy jitBusy,
            JudgedFigures judged) {}

    /**
     * One step (connections, or offered req/s in an open-model run).
     *
     * @param step     the step's number
     * @param pairs    rounds whose two turns both measured the step undisturbed
     * @param excluded why the other rounds do not count, one text each ({@code round 3: candidate cpu-stolen})
     * @param figures  one per compared figure
     */
    public record StepResult(int step, int pairs, List<String> excluded, List<FigureResult> figures) {

        public StepResult {
            excluded = excluded == null ? List.of() : List.copyOf(excluded);
            figures = figures == null ? List.of() : List.copyOf(figures);
        }
    }

    /**
     * One figure at one step; every number null when there were too few pairs to compute it.
     *
     * @param metric          the figure
     * @param pairs           undisturbed pairs with the figure measured on both sides
     * @param baselineMedian  median of the baseline's figures over those pairs
     * @param candidateMedian median of the candidate's
     * @param changePct       (candidate − baseline) ÷ baseline medians, %
     * @param ratioLow        lower end of the 95 % interval of candidate ÷ baseline
     * @param ratioHigh       upper end
     * @param pValue          two-sided Mann–Whitney U p, as tested
     * @param adjustedP       the same after Holm's correction over the family: the one the verdict uses
     * @param verdict         this figure's verdict
     */
    public record FigureResult(
            Metric metric,
            int pairs,
            Double baselineMedian,
            Double candidateMedian,
            Double changePct,
            Double ratioLow,
            Double ratioHigh,
            Double pValue,
            Double adjustedP,
            Verdict verdict) {}
}
