package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.ab.AbAnalysis;
import io.proxybench.loadtest.ab.JitBusyPolicy;
import io.proxybench.loadtest.ab.JudgedFigures;
import picocli.CommandLine.Option;

/** How {@code ab} and {@code gate} judge a change: level, smallest effect, busy-JIT steps, figures judged. */
final class VerdictOptions {

    @Option(
            names = "--alpha",
            paramLabel = "P",
            defaultValue = "0.05",
            description = "family-wise significance level, never relaxed (default: ${DEFAULT-VALUE})")
    double alpha;

    @Option(
            names = "--min-effect",
            paramLabel = "PCT",
            defaultValue = "3",
            description = "smallest change in %% reported as one (default: ${DEFAULT-VALUE})")
    double minEffectPct;

    @Option(
            names = "--jit-busy",
            paramLabel = "POLICY",
            converter = ChoiceConverter.JitBusy.class,
            description = "exclude: a round with a jit-busy step does not count (ab's default, after an automatic"
                    + " warm-up); subtract: it counts, and CPU per request leaves out the JIT compiler threads"
                    + " (gate's default, after its short fixed warm-up)")
    JitBusyPolicy jitBusy;

    @Option(
            names = "--judge",
            paramLabel = "FIGURES",
            converter = ChoiceConverter.Judged.class,
            description = "all: CPU per request, req/s, TP50 and TP99, one Holm family (ab's default); cpu: CPU per"
                    + " request alone, one test per step (gate's default)")
    JudgedFigures judged;

    /** The settings, or a one-line error (exit 2) for a value out of range. */
    AbAnalysis.Settings settings(JitBusyPolicy defaultPolicy, JudgedFigures defaultJudged) {
        if (!(alpha > 0 && alpha < 1)) {
            throw KitCommand.fail(ExitCodes.BAD_INPUT, "--alpha must be between 0 and 1, got " + alpha);
        }
        if (!(minEffectPct >= 0) || Double.isInfinite(minEffectPct)) {
            throw KitCommand.fail(
                    ExitCodes.BAD_INPUT, "--min-effect must be a non-negative percentage, got " + minEffectPct);
        }
        return new AbAnalysis.Settings(
                alpha,
                minEffectPct,
                jitBusy == null ? defaultPolicy : jitBusy,
                judged == null ? defaultJudged : judged);
    }
}
