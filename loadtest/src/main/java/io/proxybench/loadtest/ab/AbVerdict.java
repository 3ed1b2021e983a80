package io.proxybench.loadtest.ab;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The run's verdict from its figures' verdicts, with one line that says it. A significant regression
 * anywhere decides; otherwise a step without enough undisturbed pairs leaves the run without a verdict,
 * since "no regression" would then be claimed for a step that was not tested; then an improvement
 * anywhere; then no change.
 */
record AbVerdict(Verdict verdict, String summary) {

    private static final int SHOWN = 3;

    static AbVerdict of(List<AbResult.StepResult> steps, boolean noCommonStep) {
        if (noCommonStep) {
            return new AbVerdict(Verdict.INCONCLUSIVE, "no verdict: no step was measured on both sides");
        }
        List<String> regressions = new ArrayList<>();
        List<String> improvements = new ArrayList<>();
        List<String> untested = new ArrayList<>();
        for (AbResult.StepResult s : steps) {
            if (s.pairs() < AbAnalysis.MIN_PAIRS) {
                untested.add(s.step() + " (" + s.pairs() + ")");
            }
            for (AbResult.FigureResult f : s.figures()) {
                if (f.verdict() == Verdict.REGRESSION) {
                    regressions.add(change(s.step(), f));
                } else if (f.verdict() == Verdict.IMPROVEMENT) {
                    improvements.add(change(s.step(), f));
                }
            }
        }
        if (!regressions.isEmpty()) {
            return new AbVerdict(Verdict.REGRESSION, "significant regression: " + list(regressions));
        }
        if (!untested.isEmpty()) {
            return new AbVerdict(
                    Verdict.INCONCLUSIVE,
                    "no verdict: fewer than " + AbAnalysis.MIN_PAIRS + " undisturbed pairs at step "
                            + String.join(", ", untested) + "; run more rounds or on a quieter machine");
        }
        if (!improvements.isEmpty()) {
            return new AbVerdict(Verdict.IMPROVEMENT, "significant improvement: " + list(improvements));
        }
        return new AbVerdict(Verdict.NO_CHANGE, "no significant change at any step");
    }

    /** The first few, then how many more: one line, the table has them all. */
    private static String list(List<String> changes) {
        int shown = Math.min(SHOWN, changes.size());
        String text = String.join("; ", changes.subList(0, shown));
        return changes.size() > shown ? text + "; and " + (changes.size() - shown) + " more" : text;
    }

    private static String change(int step, AbResult.FigureResult f) {
        return String.format(
                Locale.ROOT, "%s %+.1f %% at %d (p=%.3f)", f.metric().label(), f.changePct(), step, f.adjustedP());
    }
}
