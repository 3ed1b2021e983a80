package io.proxybench.loadtest.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.ab.AbResult;
import io.proxybench.loadtest.ab.JitBusyPolicy;
import io.proxybench.loadtest.ab.JudgedFigures;
import io.proxybench.loadtest.ab.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GateResultTest {

    @TempDir
    Path dir;

    private static AbResult ab(Verdict verdict, String summary, int pairs, Verdict figureVerdict) {
        AbResult.FigureResult cpu = new AbResult.FigureResult(
                io.proxybench.loadtest.compare.Metric.US_PER_REQ,
                pairs,
                50.0,
                60.0,
                20.0,
                1.15,
                1.25,
                0.002,
                0.009,
                figureVerdict);
        return new AbResult(
                "netty@abc",
                "netty@worktree",
                new AbResult.Settings(0.05, 3, 4, "holm", 4, JitBusyPolicy.EXCLUDE, JudgedFigures.ALL),
                6,
                verdict,
                summary,
                List.of(new AbResult.StepResult(400, pairs, List.of(), List.of(cpu))),
                List.of());
    }

    private static final AbResult REGRESSED =
            ab(Verdict.REGRESSION, "significant regression: cpu", 6, Verdict.REGRESSION);
    private static final AbResult SAME =
            ab(Verdict.NO_CHANGE, "no significant change at any step", 6, Verdict.NO_CHANGE);

    @Test
    void aRegressionTheSecondAbConfirmsFailsTheGate() throws Exception {
        GateResult gate = GateResult.of("abc", List.of(GateResult.Check.of("netty", "r1", REGRESSED, "r2", REGRESSED)));

        assertThat(gate.verdict()).isEqualTo(Verdict.REGRESSION);
        GateFiles.write(dir, gate);
        assertThat(GateFiles.read(dir)).isEqualTo(gate);
        assertThat(Files.readString(dir.resolve(GateFiles.GATE_MD)))
                .startsWith("## Performance gate: FAIL (confirmed regression)")
                .contains("#### A/B: netty@worktree against netty@abc");
        assertThat(Files.readString(dir.resolve(GateFiles.GATE_JUNIT)))
                .contains("tests=\"1\" failures=\"1\"")
                .contains("<testcase classname=\"proxybench.gate.netty\" name=\"step 400\">")
                .contains("<failure message=\"\u00b5s/req +20.00% (p=0.009 n=6)\"");
    }

    @Test
    void aRegressionNotConfirmedPassesWithAWarning() {
        GateResult gate = GateResult.of("abc", List.of(GateResult.Check.of("netty", "r1", REGRESSED, "r2", SAME)));

        assertThat(gate.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(gate.summary()).contains("a regression the second A/B did not confirm");
        assertThat(GateFiles.junit(gate)).contains("failures=\"0\"").doesNotContain("skipped=\"0\"");
    }

    @Test
    void tooFewPairsPassWithAWarningAndNoChangePasses() {
        AbResult few = ab(Verdict.INCONCLUSIVE, "no verdict: fewer than 4 undisturbed pairs", 2, Verdict.INCONCLUSIVE);

        GateResult unsure = GateResult.of(
                "abc",
                List.of(
                        GateResult.Check.of("netty", "r1", SAME, null, null),
                        GateResult.Check.of("tomcat", "r2", few, null, null)));
        GateResult pass = GateResult.of("abc", List.of(GateResult.Check.of("netty", "r1", SAME, null, null)));

        assertThat(unsure.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(GateFiles.junit(unsure)).contains("tests=\"2\" failures=\"0\" errors=\"0\" skipped=\"1\"");
        assertThat(pass.verdict()).isEqualTo(Verdict.NO_CHANGE);
        assertThat(GateFiles.markdown(pass)).startsWith("## Performance gate: PASS\n");
    }
}
