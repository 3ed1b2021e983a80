package io.proxybench.loadtest.report;

import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.results.RepeatGroups;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Each front end's requests/s and proxy CPU per request relative to the first front end's at the
 * same step: the ratios of the table's figures and, in a run with repeats, each repeat's own.
 *
 * <p>On a shared or noisy machine the absolute figures drift from run to run, while the ratio of
 * two front ends measured back to back holds much better; it is the number to quote. Repeats run
 * interleaved (repeat k of every front end, then repeat k + 1), so repeat k of two front ends
 * shared the machine's state, and how far the per-repeat ratios lie apart is how far the ratio
 * can be trusted.
 */
public final class FrontEndRatios {

    /**
     * One figure's ratio: of the table's figures, and per repeat (empty without repeats); {@code interval}
     * from the repeats whose two steps raised no flag that disturbs a measurement, null with fewer than
     * {@link RatioInterval#MIN_PAIRS} of them.
     */
    public record Figure(double ratio, List<Double> perRepeat, RatioInterval interval) {

        public Figure {
            perRepeat = List.copyOf(perRepeat);
        }

        String text() {
            String text = FigureFormat.ratio(ratio);
            if (perRepeat.isEmpty()) {
                return text;
            }
            text += " (repeats " + perRepeat.stream().map(FigureFormat::ratio).collect(Collectors.joining(", "));
            if (interval != null) {
                text += "; " + interval.text();
                if (interval.pairs() < perRepeat.size()) {
                    text += " of the " + interval.pairs() + " undisturbed";
                }
            }
            return text + ")";
        }
    }

    /**
     * {@code frontEnd}/{@code baseline} at one step; {@code rps} is null when {@code missing} says
     * why, {@code cpu} null when either front end's CPU per request was not measured, {@code cpuUser}
     * and {@code cpuSys} (its user-space and kernel parts, the medians' ratios only) null when either's
     * split was not; {@code cpuNetOfJit} the CPU per request less what JIT compiler threads took, null
     * unless one of the two is a JVM whose threads were told apart and the other's is known;
     * {@code flagged} the flags either step raised, by front end and repeat, empty when neither did.
     */
    public record Ratio(
            String frontEnd,
            String baseline,
            Figure rps,
            Figure cpu,
            Figure cpuUser,
            Figure cpuSys,
            Figure cpuNetOfJit,
            String flagged,
            String missing) {

        public Ratio {
            flagged = flagged == null ? "" : flagged;
        }

        public String text() {
            String name = frontEnd + "/" + baseline;
            if (rps == null) {
                return name + " = n/a (" + missing + ")";
            }
            String text = name + " = " + rps.text() + (cpu == null ? "" : ", CPU per request " + cpu.text());
            if (cpu != null && cpuUser != null && cpuSys != null) {
                // the split says where the difference lies; the whole's repeats say how far to trust it
                text += " [user " + FigureFormat.ratio(cpuUser.ratio()) + ", sys " + FigureFormat.ratio(cpuSys.ratio())
                        + "]";
            }
            if (cpu != null && cpuNetOfJit != null) {
                text += "; net of the JIT " + cpuNetOfJit.text();
            }
            return flagged.isEmpty() ? text : text + " \u2014 flagged: " + flagged;
        }
    }

    /** All ratios of one connection count. */
    public record StepRatios(int connections, List<Ratio> ratios) {}

    private static final Function<StepRecord, Double> RPS = s -> s.load().rps();
    private static final Function<StepRecord, Double> CPU_PER_REQUEST =
            s -> s.processes().proxyCpuUsPerReq();
    private static final Function<StepRecord, Double> USER_CPU_PER_REQUEST =
            s -> s.processes().proxyUserCpuUsPerReq();
    private static final Function<StepRecord, Double> SYS_CPU_PER_REQUEST =
            s -> s.processes().proxySysCpuUsPerReq();
    private static final Function<StepRecord, Double> CPU_NET_OF_JIT = FrontEndRatios::cpuNetOfJit;

    private FrontEndRatios() {}

    /** The front end every other one is divided by, if at least two have steps. */
    public static Optional<String> baseline(RunResults results) {
        List<String> labels = labelsWithSteps(results);
        return labels.size() < 2 ? Optional.empty() : Optional.of(labels.get(0));
    }

    /** What the ratios say, for the report's note above them. */
    public static String explanation(RunResults results) {
        String base = baseline(results).orElse("");
        String note = "Requests/s of each front end relative to " + base + " at the same step, then its proxy CPU per "
                + "request relative to " + base + "'s (below 1.00\u00d7 it spends less per request); absolute numbers "
                + "drift on shared machines, ratios of back-to-back runs much less.";
        if (ResultsTable.hasSysCpu(results)) {
            note += " In square brackets the ratios of its user-space and kernel parts: which of the two a "
                    + "difference in CPU per request lies in.";
        }
        if (ResultsTable.hasJitParts(results)) {
            note += " \"Net of the JIT\" divides the CPU per request less what a JVM's JIT compiler threads took in "
                    + "the step (JIT \u00b5s/req): what the front end costs once compiled, where a JIT still compiling "
                    + "at low load can be a large part of the whole.";
        }
        if (anyFlagged(results)) {
            note += " A ratio whose steps raised flags names them after \"flagged:\", with the front end and the "
                    + "repeats they fell on: a repeat whose CPU was stolen or whose JIT was still compiling does not "
                    + "say what the front ends cost, and the other repeats' ratios are the ones to quote.";
        }
        return !RepeatGroups.repeated(results.steps())
                ? note
                : note + " The ratios of the table's medians come first, each repeat's own ratio in brackets: repeats "
                        + "run interleaved, so a repeat's pair shared the machine's state, and their spread is how far "
                        + "the ratio can be trusted. With at least " + RatioInterval.MIN_PAIRS
                        + " repeats whose two steps "
                        + "raised no flag that disturbs a measurement (cpu-stolen, not-steady, jit-busy, errors), "
                        + "\"95 % "
                        + "CI\" is the range that holds the typical ratio with 95 % confidence (Student's t on the "
                        + "logarithms of those repeats' ratios, around their geometric mean): a ratio is under a goal "
                        + "such as 1.00\u00d7 only when the whole range is.";
    }

    /** Declared order, leaving out front ends that only have samples (nothing to divide). */
    private static List<String> labelsWithSteps(RunResults results) {
        return results.frontEndLabels().stream()
                .filter(label -> results.steps().stream().anyMatch(s -> label.equals(s.frontEnd())))
                .toList();
    }

    public static List<StepRatios> of(RunResults results) {
        List<StepRatios> out = new ArrayList<>();
        Optional<String> base = baseline(results);
        if (base.isEmpty()) {
            return out;
        }
        List<String> labels = labelsWithSteps(results);
        List<String> others = labels.subList(1, labels.size());
        for (int connections : results.connectionCounts()) {
            Optional<StepRecord> baseStep = results.step(base.get(), connections);
            List<Ratio> ratios = new ArrayList<>();
            for (String label : others) {
                Optional<StepRecord> step = results.step(label, connections);
                if (step.isEmpty() && baseStep.isEmpty()) {
                    continue;
                }
                ratios.add(ratio(results, connections, label, step, base.get(), baseStep));
            }
            if (!ratios.isEmpty()) {
                out.add(new StepRatios(connections, ratios));
            }
        }
        return out;
    }

    private static Ratio ratio(
            RunResults results,
            int connections,
            String label,
            Optional<StepRecord> step,
            String baseLabel,
            Optional<StepRecord> baseStep) {
        String missing = unusable(baseLabel, baseStep);
        if (missing == null) {
            missing = unusable(label, step);
        }
        if (missing != null) {
            return new Ratio(label, baseLabel, null, null, null, null, null, null, missing);
        }
        List<RepeatPair> pairs = repeatPairs(results, connections, label, baseLabel);
        return new Ratio(
                label,
                baseLabel,
                figure(step.get(), baseStep.get(), pairs, RPS),
                figure(step.get(), baseStep.get(), pairs, CPU_PER_REQUEST),
                figure(step.get(), baseStep.get(), List.of(), USER_CPU_PER_REQUEST),
                figure(step.get(), baseStep.get(), List.of(), SYS_CPU_PER_REQUEST),
                hasJitPart(step.get()) || hasJitPart(baseStep.get())
                        ? figure(step.get(), baseStep.get(), pairs, CPU_NET_OF_JIT)
                        : null,
                flagged(results, connections, baseLabel, label),
                null);
    }

    /** The flags of the two steps divided, baseline first: {@code "nginx cpu-stolen in repeats 1 and 2"}. */
    private static String flagged(RunResults results, int connections, String baseLabel, String label) {
        List<String> parts = new ArrayList<>();
        for (String each : List.of(baseLabel, label)) {
            RepeatGroups.find(results, each, connections)
                    .map(RepeatGroups.Group::flagsText)
                    .filter(text -> !text.isEmpty())
                    .ifPresent(text -> parts.add(each + " " + text));
        }
        return String.join(" / ", parts);
    }

    private static boolean anyFlagged(RunResults results) {
        return of(results).stream()
                .flatMap(step -> step.ratios().stream())
                .anyMatch(r -> !r.flagged().isEmpty());
    }

    private static boolean hasJitPart(StepRecord s) {
        return s.processes().proxyJitCpuUsPerReq() != null;
    }

    /**
     * CPU per request less its JIT compiler threads' part: what the front end costs once it has
     * compiled. A front end with no JIT (nginx, HAProxy) as it is; a JVM whose threads were not told
     * apart, null.
     */
    static Double cpuNetOfJit(StepRecord s) {
        Double cpu = s.processes().proxyCpuUsPerReq();
        Double jit = s.processes().proxyJitCpuUsPerReq();
        if (cpu == null) {
            return null;
        }
        if (jit != null) {
            return cpu - jit;
        }
        boolean jvm = FrontEndKind.byId(s.kind()).map(FrontEndKind::isJvm).orElse(true);
        return jvm ? null : cpu;
    }

    /** Repeat k of a front end beside repeat k of the baseline. */
    private record RepeatPair(StepRecord step, StepRecord base) {

        boolean disturbed() {
            return !step.undisturbed() || !base.undisturbed();
        }
    }

    /** The pairs of every repeat index both front ends ran without failing; none in a run without repeats. */
    private static List<RepeatPair> repeatPairs(RunResults results, int connections, String label, String baseLabel) {
        List<RepeatPair> pairs = new ArrayList<>();
        if (!RepeatGroups.repeated(results.steps())) {
            return pairs;
        }
        Optional<RepeatGroups.Group> group = RepeatGroups.find(results, label, connections);
        Optional<RepeatGroups.Group> baseGroup = RepeatGroups.find(results, baseLabel, connections);
        if (group.isEmpty() || baseGroup.isEmpty()) {
            return pairs;
        }
        for (StepRecord r : group.get().ok()) {
            if (r.repeat() != null) {
                baseGroup.get().ok().stream()
                        .filter(b -> r.repeat().equals(b.repeat()))
                        .findFirst()
                        .ifPresent(b -> pairs.add(new RepeatPair(r, b)));
            }
        }
        return pairs;
    }

    /** The figure's ratio and each pair's, or null when either step lacks the figure. */
    private static Figure figure(
            StepRecord step, StepRecord baseStep, List<RepeatPair> pairs, Function<StepRecord, Double> value) {
        Double over = usable(value.apply(step));
        Double under = usable(value.apply(baseStep));
        if (over == null || under == null) {
            return null;
        }
        List<Double> perRepeat = new ArrayList<>();
        List<Double> undisturbed = new ArrayList<>();
        for (RepeatPair pair : pairs) {
            Double pairOver = usable(value.apply(pair.step()));
            Double pairUnder = usable(value.apply(pair.base()));
            if (pairOver != null && pairUnder != null) {
                perRepeat.add(pairOver / pairUnder);
                if (!pair.disturbed()) {
                    undisturbed.add(pairOver / pairUnder);
                }
            }
        }
        return new Figure(over / under, perRepeat, RatioInterval.of(undisturbed).orElse(null));
    }

    private static Double usable(Double v) {
        return v == null || !Double.isFinite(v) || v <= 0 ? null : v;
    }

    private static String unusable(String label, Optional<StepRecord> step) {
        if (step.isEmpty()) {
            return label + " did not run this step";
        }
        if (!step.get().ok()) {
            return label + " failed";
        }
        if (usable(RPS.apply(step.get())) == null) {
            return label + " has no req/s";
        }
        return null;
    }
}
