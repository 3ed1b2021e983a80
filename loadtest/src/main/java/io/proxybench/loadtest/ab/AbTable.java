package io.proxybench.loadtest.ab;

import java.util.Locale;

/**
 * An {@link AbResult} as text, the way Go's benchstat prints a comparison: per step and figure both
 * medians, then {@code +17.20% (p=0.002 n=6)} for a change out of the noise or {@code ~ (p=0.446 n=6)}
 * for none, then the 95 % interval of the ratio. Markdown, so that the same text reads on a terminal, in
 * {@code ab.md} and pasted into a pull request.
 */
public final class AbTable {

    private AbTable() {}

    public static String markdown(AbResult r) {
        StringBuilder out = new StringBuilder();
        out.append("# A/B: ")
                .append(r.candidate())
                .append(" against ")
                .append(r.baseline())
                .append("\n\n");
        out.append("Verdict: **")
                .append(r.verdict())
                .append("**: ")
                .append(r.summary())
                .append("\n\n");
        AbResult.Settings s = r.settings();
        out.append(String.format(
                Locale.ROOT,
                "%d rounds, order alternated each round (ABBA). Per step only the rounds whose two turns raised no"
                        + " disturbing flag (%s) count; fewer than %d such"
                        + " pairs give no verdict. Change: of the medians. p: two-sided Mann-Whitney U, Holm-adjusted"
                        + " over the run's %d tests. `~`: p > %s or |change| < %s %%. Interval: rank-based"
                        + " (Hodges-Lehmann) 95 %% interval of %s / %s.%n%n",
                r.rounds(),
                String.join(", ", s.jitBusy().disturbing())
                        + (s.jitBusy() == JitBusyPolicy.SUBTRACT
                                ? "; jit-busy counts, its compiler threads' CPU taken out"
                                : ""),
                s.minPairs(),
                s.family(),
                plain(s.alpha()),
                plain(s.minEffectPct()),
                r.candidate(),
                r.baseline()));
        for (String note : r.notes()) {
            out.append("Note: ").append(note).append("\n\n");
        }
        out.append("| step | figure | ")
                .append(cell(r.baseline()))
                .append(" | ")
                .append(cell(r.candidate()))
                .append(" | vs base | 95 % interval |\n");
        out.append("|---:|---|---:|---:|---|---|\n");
        for (AbResult.StepResult step : r.steps()) {
            for (AbResult.FigureResult f : step.figures()) {
                out.append("| ")
                        .append(step.step())
                        .append(" | ")
                        .append(f.metric().label())
                        .append(" | ");
                if (f.verdict() == Verdict.INCONCLUSIVE) {
                    out.append("| | no verdict (")
                            .append(f.pairs())
                            .append(" undisturbed pairs, ")
                            .append(s.minPairs())
                            .append(" needed) | |\n");
                    continue;
                }
                int decimals = f.metric().decimals();
                out.append(number(f.baselineMedian(), decimals))
                        .append(" | ")
                        .append(number(f.candidateMedian(), decimals))
                        .append(" | ")
                        .append(change(f))
                        .append(" | ")
                        .append(interval(f))
                        .append(" |\n");
            }
        }
        boolean anyExcluded = r.steps().stream().anyMatch(st -> !st.excluded().isEmpty());
        if (anyExcluded) {
            out.append("\nRounds that do not count:\n\n");
            for (AbResult.StepResult step : r.steps()) {
                if (!step.excluded().isEmpty()) {
                    out.append("- step ")
                            .append(step.step())
                            .append(": ")
                            .append(String.join("; ", step.excluded()))
                            .append("\n");
                }
            }
        }
        return out.toString();
    }

    /** {@code +17.20% (p=0.002 n=6)}, or {@code ~ (p=0.446 n=6)} when within the noise. */
    public static String change(AbResult.FigureResult f) {
        String test = String.format(Locale.ROOT, "(p=%.3f n=%d)", f.adjustedP(), f.pairs());
        if (f.verdict() == Verdict.NO_CHANGE || f.changePct() == null) {
            return "~ " + test;
        }
        return String.format(Locale.ROOT, "%+.2f%% %s", f.changePct(), test);
    }

    private static String interval(AbResult.FigureResult f) {
        if (f.ratioLow() == null || f.ratioHigh() == null) {
            return "";
        }
        return String.format(Locale.ROOT, "%.3f\u2013%.3f\u00d7", f.ratioLow(), f.ratioHigh());
    }

    private static String number(Double v, int decimals) {
        return v == null ? "" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
