package io.proxybench.loadtest.gate;

import io.proxybench.loadtest.ab.AbResult;
import io.proxybench.loadtest.ab.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * What a gate concluded: the one model of {@code gate.json}, written and read by {@link GateFiles}.
 *
 * @param baseline the revision in the baseline file, as written
 * @param verdict  REGRESSION only when confirmed; INCONCLUSIVE for noise or an unconfirmed regression
 * @param summary  the verdict in words
 * @param checks   one per proxy
 */
public record GateResult(String baseline, Verdict verdict, String summary, List<Check> checks) {

    public GateResult {
        checks = checks == null ? List.of() : List.copyOf(checks);
    }

    /**
     * One proxy's A/B, and its confirmation when the first saw a regression.
     *
     * @param proxy         {@code netty} or {@code tomcat}
     * @param runDir        the first A/B's results directory
     * @param first         its verdict
     * @param confirmRunDir the confirming A/B's directory, null when none was needed
     * @param confirmation  its verdict, null when none was needed
     * @param verdict       this proxy's verdict
     */
    public record Check(
            String proxy, String runDir, AbResult first, String confirmRunDir, AbResult confirmation, Verdict verdict) {

        /** A proxy's verdict: a regression counts only when the second A/B regressed too. */
        public static Check of(
                String proxy, String runDir, AbResult first, String confirmRunDir, AbResult confirmation) {
            Verdict verdict = first.verdict();
            if (verdict == Verdict.REGRESSION) {
                verdict = confirmation != null && confirmation.verdict() == Verdict.REGRESSION
                        ? Verdict.REGRESSION
                        : Verdict.INCONCLUSIVE;
            }
            return new Check(proxy, runDir, first, confirmRunDir, confirmation, verdict);
        }

        /** The A/B whose table the gate shows: the confirmation when there was one. */
        public AbResult deciding() {
            return confirmation != null ? confirmation : first;
        }
    }

    /** The gate's verdict from its proxies': a confirmed regression, else noise, else an improvement. */
    public static GateResult of(String baseline, List<Check> checks) {
        List<String> regressed = new ArrayList<>();
        List<String> unsure = new ArrayList<>();
        List<String> improved = new ArrayList<>();
        for (Check c : checks) {
            switch (c.verdict()) {
                case REGRESSION -> regressed.add(c.proxy() + ": " + c.deciding().summary());
                case INCONCLUSIVE ->
                    unsure.add(c.proxy() + ": "
                            + (c.first().verdict() == Verdict.REGRESSION
                                    ? "a regression the second A/B did not confirm ("
                                            + c.first().summary() + ")"
                                    : c.first().summary()));
                case IMPROVEMENT -> improved.add(c.proxy());
                case NO_CHANGE -> {
                    // nothing to say
                }
            }
        }
        if (!regressed.isEmpty()) {
            return new GateResult(
                    baseline,
                    Verdict.REGRESSION,
                    "confirmed regression against " + baseline + ": " + String.join("; ", regressed),
                    checks);
        }
        if (!unsure.isEmpty()) {
            return new GateResult(
                    baseline,
                    Verdict.INCONCLUSIVE,
                    "passes with a warning, no verdict against " + baseline + ": " + String.join("; ", unsure),
                    checks);
        }
        if (!improved.isEmpty()) {
            return new GateResult(
                    baseline,
                    Verdict.IMPROVEMENT,
                    "passes: significant improvement against " + baseline + " (" + String.join(", ", improved) + ")",
                    checks);
        }
        return new GateResult(baseline, Verdict.NO_CHANGE, "passes: no significant change against " + baseline, checks);
    }
}
