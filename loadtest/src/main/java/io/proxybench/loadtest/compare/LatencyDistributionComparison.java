package io.proxybench.loadtest.compare;

import io.proxybench.loadtest.report.FigureFormat;
import io.proxybench.loadtest.report.MarkdownTable;
import io.proxybench.loadtest.results.LatencySpectra;
import io.proxybench.loadtest.results.LatencySpectrum;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The latency distributions of the matched steps side by side, where both runs kept one: baseline
 * and candidate latency at a few percentiles, deep into the tail, and their ratio. It shows where in
 * the distribution a change lies (the median, or only the tail); it does not gate, the exit code
 * stays with {@link RunComparison}.
 */
public record LatencyDistributionComparison(List<Step> steps) {

    /** The percentiles compared, all levels every spectrum holds exactly. */
    public static final List<Double> PERCENTILES = List.of(50.0, 90.0, 99.0, 99.9, 99.99);

    /** One matched step: latency in ms at each of {@link #PERCENTILES}, and who measured each side. */
    public record Step(
            String frontEnd,
            int connections,
            List<Double> baselineMs,
            List<Double> candidateMs,
            String baselineSource,
            String candidateSource) {}

    public LatencyDistributionComparison {
        steps = List.copyOf(steps);
    }

    public static LatencyDistributionComparison of(RunComparison cmp) {
        List<Step> out = new ArrayList<>();
        for (StepComparison step : cmp.steps()) {
            Optional<LatencySpectrum> b = spectrum(cmp.baseline(), step);
            Optional<LatencySpectrum> c = spectrum(cmp.candidate(), step);
            if (b.isPresent() && c.isPresent()) {
                out.add(new Step(
                        step.frontEnd(),
                        step.connections(),
                        milliseconds(b.get()),
                        milliseconds(c.get()),
                        b.get().source(),
                        c.get().source()));
            }
        }
        return new LatencyDistributionComparison(out);
    }

    private static Optional<LatencySpectrum> spectrum(RunResults run, StepComparison step) {
        Optional<StepRecord> record = run.step(step.frontEnd(), step.connections());
        return record.flatMap(r -> LatencySpectra.of(run, r));
    }

    private static List<Double> milliseconds(LatencySpectrum spectrum) {
        List<Double> out = new ArrayList<>();
        for (double p : PERCENTILES) {
            Double us = spectrum.valueUsAt(p);
            out.add(us == null ? null : us / 1000);
        }
        return out;
    }

    /** A table, one row per step and percentile; empty when no matched step has both spectra. */
    public String render() {
        if (steps.isEmpty()) {
            return "";
        }
        List<List<String>> rows = new ArrayList<>();
        boolean approximate = false;
        for (Step step : steps) {
            String source = step.baselineSource().equals(step.candidateSource())
                    ? step.baselineSource()
                    : step.baselineSource() + " \u2192 " + step.candidateSource();
            approximate |= "wrk".equals(step.baselineSource()) || "wrk".equals(step.candidateSource());
            for (int i = 0; i < PERCENTILES.size(); i++) {
                Double b = step.baselineMs().get(i);
                Double c = step.candidateMs().get(i);
                rows.add(List.of(
                        i == 0 ? step.frontEnd() : "",
                        i == 0 ? Integer.toString(step.connections()) : "",
                        "p" + percentile(PERCENTILES.get(i)),
                        FigureFormat.decimals(b, 2),
                        FigureFormat.decimals(c, 2),
                        b == null || c == null || b <= 0 ? FigureFormat.NONE : FigureFormat.ratio(c / b),
                        i == 0 ? source : ""));
            }
        }
        StringBuilder out = new StringBuilder("latency distribution, ms (candidate \u00f7 baseline)\n\n");
        out.append(MarkdownTable.render(
                List.of("Run", "Con.", "Pct.", "Baseline", "Candidate", "Ratio", "From"),
                List.of(false, true, false, true, true, true, false),
                rows));
        if (approximate) {
            out.append("\nwrk's figures are its own quantiles at these levels; the built-in generator's are exact "
                    + "to its histogram's 3 digits.\n");
        }
        return out.toString();
    }

    private static String percentile(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
    }
}
