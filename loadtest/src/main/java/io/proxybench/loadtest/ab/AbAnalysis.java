package io.proxybench.loadtest.ab;

import io.proxybench.loadtest.compare.Metric;
import io.proxybench.loadtest.compare.RankRatioInterval;
import io.proxybench.loadtest.compare.RepeatTest;
import io.proxybench.loadtest.compare.SignificanceRule;
import io.proxybench.loadtest.results.RepeatGroups;
import io.proxybench.loadtest.results.StepRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns the step records of an interleaved A/B run into its {@link AbResult}.
 *
 * <p>The unit is the round: round k's two turns ran back to back, so a pair counts only when both of its
 * steps are {@linkplain StepRecord#undisturbed() undisturbed} (a stolen CPU or a busy JIT on one side would
 * otherwise decide the comparison), which also keeps the ABBA balance of the pairs that remain. Each figure
 * is then tested baseline against candidate with the kit's one Mann–Whitney U test ({@link RepeatTest}) at
 * a level that is never relaxed ({@link SignificanceRule#strict}); a step with fewer than {@link #MIN_PAIRS}
 * pairs gets no verdict. The p-values of every figure at every step form one family, corrected with Holm's
 * method, since the run's verdict is "some figure at some step moved" and 4 figures at 5 steps would
 * otherwise raise a false alarm in most A/A runs.
 */
public final class AbAnalysis {

    /**
     * The figures compared after a full warm-up, CPU per request first: the one a code change moves most
     * directly ({@link JitBusyPolicy#figures()} for the other policy).
     */
    public static final List<Metric> METRICS = JitBusyPolicy.EXCLUDE.figures();
    /** The fewest undisturbed pairs for a verdict: below 4 vs 4 the exact test cannot reach 0.05 (3 vs 3: 0.100). */
    public static final int MIN_PAIRS = 4;

    /**
     * How changes are judged.
     *
     * @param alpha        family-wise level
     * @param minEffectPct the smallest change, in %, reported as one
     * @param jitBusy      whether a step the JIT was busy in counts, and with which CPU figure
     * @param judged       which figures are judged, and so the family
     */
    public record Settings(double alpha, double minEffectPct, JitBusyPolicy jitBusy, JudgedFigures judged) {
        public static final Settings DEFAULT =
                new Settings(SignificanceRule.DEFAULT_ALPHA, 3.0, JitBusyPolicy.EXCLUDE, JudgedFigures.ALL);

        public Settings(double alpha, double minEffectPct) {
            this(alpha, minEffectPct, JitBusyPolicy.EXCLUDE, JudgedFigures.ALL);
        }
    }

    private AbAnalysis() {}

    /** The verdict of {@code candidate} against {@code baseline} from every step record of the run. */
    public static AbResult analyse(List<StepRecord> records, String baseline, String candidate, Settings settings) {
        Map<Integer, Map<Integer, StepRecord>> base = byStepAndRound(records, baseline);
        Map<Integer, Map<Integer, StepRecord>> cand = byStepAndRound(records, candidate);
        int rounds = records.stream()
                .filter(r -> baseline.equals(r.frontEnd()) || candidate.equals(r.frontEnd()))
                .map(r -> r.repeat() == null ? 1 : r.repeat())
                .max(Integer::compare)
                .orElse(0);
        TreeSet<Integer> steps = new TreeSet<>(base.keySet());
        steps.retainAll(cand.keySet());
        List<Pending> pending = new ArrayList<>();
        List<StepDraft> drafts = new ArrayList<>();
        for (int step : steps) {
            drafts.add(draft(step, base.get(step), cand.get(step), settings, pending));
        }
        double[] raw = pending.stream().mapToDouble(p -> p.pValue).toArray();
        double[] adjusted = HolmCorrection.adjust(raw);
        for (int i = 0; i < adjusted.length; i++) {
            pending.get(i).adjustedP = adjusted[i];
        }
        List<AbResult.StepResult> stepResults = new ArrayList<>();
        for (StepDraft d : drafts) {
            List<AbResult.FigureResult> figures = new ArrayList<>();
            for (Pending p : d.figures) {
                figures.add(p.result(settings));
            }
            stepResults.add(new AbResult.StepResult(d.step, d.pairs, d.excluded, figures));
        }
        AbResult.Settings used = new AbResult.Settings(
                settings.alpha(),
                settings.minEffectPct(),
                MIN_PAIRS,
                "holm",
                pending.size(),
                settings.jitBusy(),
                settings.judged());
        List<String> notes = new ArrayList<>();
        reachNote(pending, settings.alpha()).ifPresent(notes::add);
        AbVerdict overall = AbVerdict.of(stepResults, steps.isEmpty());
        return new AbResult(
                baseline, candidate, used, rounds, overall.verdict(), overall.summary(), stepResults, notes);
    }

    private static StepDraft draft(
            int step,
            Map<Integer, StepRecord> base,
            Map<Integer, StepRecord> cand,
            Settings settings,
            List<Pending> family) {
        JitBusyPolicy jitBusy = settings.jitBusy();
        List<StepRecord[]> pairs = new ArrayList<>();
        List<String> excluded = new ArrayList<>();
        TreeSet<Integer> rounds = new TreeSet<>(base.keySet());
        rounds.addAll(cand.keySet());
        for (int round : rounds) {
            StepRecord b = base.get(round);
            StepRecord c = cand.get(round);
            String why = disturbance("baseline", b, jitBusy);
            String whyC = disturbance("candidate", c, jitBusy);
            if (why == null && whyC == null) {
                pairs.add(new StepRecord[] {b, c});
            } else {
                excluded.add("round " + round + ": " + String.join(", ", nonNull(why, whyC)));
            }
        }
        StepDraft d = new StepDraft(step, pairs.size(), excluded);
        for (Metric m : settings.judged().figures(jitBusy)) {
            List<Double> bv = new ArrayList<>();
            List<Double> cv = new ArrayList<>();
            for (StepRecord[] pair : pairs) {
                Double b = m.valueOf(pair[0]);
                Double c = m.valueOf(pair[1]);
                if (b != null && c != null) {
                    bv.add(b);
                    cv.add(c);
                }
            }
            Pending p = new Pending(m, bv, cv);
            d.figures.add(p);
            if (bv.size() >= MIN_PAIRS) {
                p.pValue = RepeatTest.pValue(bv, cv);
                family.add(p);
            }
        }
        return d;
    }

    private static List<String> nonNull(String... texts) {
        return Arrays.stream(texts).filter(Objects::nonNull).toList();
    }

    /** Why a turn's step does not count, or null when it does. */
    private static String disturbance(String side, StepRecord r, JitBusyPolicy jitBusy) {
        if (r == null) {
            return side + " not measured";
        }
        if (!r.ok()) {
            return side + " failed";
        }
        List<String> flags =
                r.flags().stream().filter(jitBusy.disturbing()::contains).toList();
        return flags.isEmpty() ? null : side + " " + String.join(", ", flags);
    }

    private static Map<Integer, Map<Integer, StepRecord>> byStepAndRound(List<StepRecord> records, String label) {
        Map<Integer, Map<Integer, StepRecord>> out = new TreeMap<>();
        for (StepRecord r : records) {
            if (label.equals(r.frontEnd()) && r.connections() != null) {
                out.computeIfAbsent(r.connections(), k -> new TreeMap<>()).put(r.repeat() == null ? 1 : r.repeat(), r);
            }
        }
        return out;
    }

    /** When the smallest p the pairs allow cannot pass Holm's first threshold, how many rounds would. */
    private static Optional<String> reachNote(List<Pending> family, double alpha) {
        if (family.isEmpty()) {
            return Optional.empty();
        }
        int fewest = family.stream().mapToInt(p -> p.baseline.size()).min().orElseThrow();
        double floor = SignificanceRule.smallestP(fewest, fewest);
        double first = alpha / family.size();
        if (SignificanceRule.reaches(floor, first)) {
            return Optional.empty();
        }
        int needed = fewest;
        while (!SignificanceRule.reaches(SignificanceRule.smallestP(needed, needed), first) && needed < 1000) {
            needed++;
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "%d pairs cannot show a change over a family of %d tests: their smallest p is %.4f, Holm's first"
                        + " threshold %.4f; %d undisturbed pairs per step can (--rounds, or fewer steps)",
                fewest,
                family.size(),
                floor,
                first,
                needed));
    }

    /** A step while its family is being corrected. */
    private static final class StepDraft {
        final int step;
        final int pairs;
        final List<String> excluded;
        final List<Pending> figures = new ArrayList<>();

        StepDraft(int step, int pairs, List<String> excluded) {
            this.step = step;
            this.pairs = pairs;
            this.excluded = excluded;
        }
    }

    /** One figure's values, raw p and (once the family is known) adjusted p. */
    private static final class Pending {
        final Metric metric;
        final List<Double> baseline;
        final List<Double> candidate;
        double pValue = Double.NaN;
        double adjustedP = Double.NaN;

        Pending(Metric metric, List<Double> baseline, List<Double> candidate) {
            this.metric = metric;
            this.baseline = baseline;
            this.candidate = candidate;
        }

        AbResult.FigureResult result(Settings settings) {
            int n = baseline.size();
            if (n < MIN_PAIRS) {
                return new AbResult.FigureResult(
                        metric, n, null, null, null, null, null, null, null, Verdict.INCONCLUSIVE);
            }
            Double b = RepeatGroups.median(baseline);
            Double c = RepeatGroups.median(candidate);
            Double pct = b == 0 ? null : (c - b) / Math.abs(b) * 100;
            RankRatioInterval interval =
                    RankRatioInterval.of(array(baseline), array(candidate)).orElse(null);
            boolean significant = SignificanceRule.reaches(adjustedP, settings.alpha());
            Verdict verdict = Verdict.NO_CHANGE;
            if (significant && pct != null && Math.abs(pct) >= settings.minEffectPct()) {
                boolean better = metric.higherIsBetter() ? pct > 0 : pct < 0;
                verdict = better ? Verdict.IMPROVEMENT : Verdict.REGRESSION;
            }
            return new AbResult.FigureResult(
                    metric,
                    n,
                    b,
                    c,
                    pct,
                    interval == null ? null : interval.low(),
                    interval == null ? null : interval.high(),
                    pValue,
                    adjustedP,
                    verdict);
        }

        private static double[] array(List<Double> values) {
            return values.stream().mapToDouble(Double::doubleValue).toArray();
        }
    }
}
