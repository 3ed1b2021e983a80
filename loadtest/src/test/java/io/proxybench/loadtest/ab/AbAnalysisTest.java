package io.proxybench.loadtest.ab;

import static io.proxybench.loadtest.ab.AbSteps.BASE;
import static io.proxybench.loadtest.ab.AbSteps.CAND;
import static io.proxybench.loadtest.ab.AbSteps.rounds;
import static io.proxybench.loadtest.ab.AbSteps.step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.loadtest.compare.Metric;
import io.proxybench.loadtest.results.StepRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AbAnalysisTest {

    private static AbResult analyse(List<StepRecord> records) {
        return AbAnalysis.analyse(records, BASE, CAND, AbAnalysis.Settings.DEFAULT);
    }

    private static AbResult.FigureResult figure(AbResult r, int step, Metric metric) {
        return r.steps().stream()
                .filter(s -> s.step() == step)
                .flatMap(s -> s.figures().stream())
                .filter(f -> f.metric() == metric)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aCandidateThatSpendsAFifthMoreCpuOnEveryRequestIsASignificantRegression() {
        AbResult r = analyse(rounds(100, 6, 1.2));

        AbResult.FigureResult cpu = figure(r, 100, Metric.US_PER_REQ);
        assertThat(cpu.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(cpu.changePct()).isCloseTo(20.0, within(0.01));
        // 6 vs 6 wholly separated: the exact p is 2 / C(12, 6); Holm over the 4 figures multiplies it by 4
        assertThat(cpu.pValue()).isCloseTo(2.0 / 924, within(1e-9));
        assertThat(cpu.adjustedP()).isCloseTo(4 * 2.0 / 924, within(1e-9));
        assertThat(cpu.ratioLow()).isGreaterThan(1.0);
        assertThat(cpu.ratioHigh()).isLessThan(1.3);
        assertThat(figure(r, 100, Metric.RPS).verdict()).isEqualTo(Verdict.NO_CHANGE);
        assertThat(r.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(r.summary()).contains("\u00b5s/req +20.0 % at 100");
        assertThat(AbTable.change(cpu)).isEqualTo("+20.00% (p=0.009 n=6)");
    }

    @Test
    void aCandidateThatSavesCpuIsAnImprovement() {
        AbResult r = analyse(rounds(100, 6, 0.8));

        assertThat(figure(r, 100, Metric.US_PER_REQ).verdict()).isEqualTo(Verdict.IMPROVEMENT);
        assertThat(r.verdict()).isEqualTo(Verdict.IMPROVEMENT);
    }

    @Test
    void identicalSidesShowNoChange() {
        AbResult r = analyse(rounds(100, 6, 1.0));

        assertThat(r.steps().get(0).figures())
                .allSatisfy(f -> assertThat(f.verdict()).isEqualTo(Verdict.NO_CHANGE));
        assertThat(r.verdict()).isEqualTo(Verdict.NO_CHANGE);
        assertThat(AbTable.change(figure(r, 100, Metric.RPS))).startsWith("~ (p=");
    }

    @Test
    void aSignificantChangeSmallerThanTheMinimumEffectIsWithinTheNoise() {
        AbResult r = analyse(rounds(100, 6, 1.02, 0.1));

        AbResult.FigureResult cpu = figure(r, 100, Metric.US_PER_REQ);
        assertThat(cpu.adjustedP()).isLessThan(0.05);
        assertThat(cpu.verdict()).isEqualTo(Verdict.NO_CHANGE);
    }

    @Test
    void threeRoundsGiveNoVerdictAndSaySo() {
        AbResult r = analyse(rounds(100, 3, 1.5));

        assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(r.summary()).contains("fewer than 4 undisturbed pairs at step 100 (3)");
        assertThat(figure(r, 100, Metric.US_PER_REQ).pValue()).isNull();
        assertThat(AbTable.markdown(r)).contains("no verdict (3 undisturbed pairs, 4 needed)");
    }

    @Test
    void roundsWithADisturbingFlagOnEitherSideDoNotCount() {
        List<StepRecord> records = new ArrayList<>(rounds(100, 6, 1.0));
        // rounds 2 and 5: the candidate's CPU was stolen, and its figure says so; round 3's baseline still compiled
        records.replaceAll(s -> s.repeat() == 2 && s.frontEnd().equals(CAND)
                ? step(CAND, 100, 2, 500, 2000, StepRecord.FLAG_CPU_STOLEN)
                : s);
        records.replaceAll(s -> s.repeat() == 5 && s.frontEnd().equals(CAND)
                ? step(CAND, 100, 5, 500, 2000, StepRecord.FLAG_CPU_STOLEN)
                : s);
        records.replaceAll(s -> s.repeat() == 3 && s.frontEnd().equals(BASE)
                ? step(BASE, 100, 3, 5, 2000, StepRecord.FLAG_JIT_BUSY, StepRecord.FLAG_MACHINE_SATURATED)
                : s);

        AbResult r = analyse(records);

        AbResult.StepResult step = r.steps().get(0);
        assertThat(step.pairs()).isEqualTo(3);
        assertThat(step.excluded())
                .containsExactly(
                        "round 2: candidate cpu-stolen", "round 3: baseline jit-busy", "round 5: candidate cpu-stolen");
        assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void disturbedRoundsLeftOutLeaveTheUndisturbedToDecide() {
        List<StepRecord> records = new ArrayList<>(rounds(100, 6, 1.0));
        records.replaceAll(s -> s.repeat() == 2 && s.frontEnd().equals(CAND)
                ? step(CAND, 100, 2, 500, 2000, StepRecord.FLAG_CPU_STOLEN)
                : s);

        AbResult r = analyse(records);

        assertThat(figure(r, 100, Metric.US_PER_REQ).pairs()).isEqualTo(5);
        assertThat(r.verdict()).isEqualTo(Verdict.NO_CHANGE);
    }

    @Test
    void holmsCorrectionTurnsAnUncorrectedVerdictIntoNoChange() {
        // 4 vs 4 wholly separated: p = 2 / 70 = 0.029 on its own, 0.114 once the 4 figures share alpha
        AbResult r = analyse(rounds(100, 4, 1.3));

        AbResult.FigureResult cpu = figure(r, 100, Metric.US_PER_REQ);
        assertThat(cpu.pValue()).isLessThan(0.05);
        assertThat(cpu.adjustedP()).isGreaterThan(0.05);
        assertThat(cpu.verdict()).isEqualTo(Verdict.NO_CHANGE);
        assertThat(r.settings().family()).isEqualTo(4);
        assertThat(r.notes()).anySatisfy(n -> assertThat(n).contains("5 undisturbed pairs per step can"));
    }

    @Test
    void everyStepJoinsOneFamily() {
        List<StepRecord> records = new ArrayList<>(rounds(100, 6, 1.2));
        records.addAll(rounds(200, 6, 1.0));

        AbResult r = analyse(records);

        assertThat(r.settings().family()).isEqualTo(8);
        assertThat(figure(r, 100, Metric.US_PER_REQ).adjustedP()).isCloseTo(8 * 2.0 / 924, within(1e-9));
        assertThat(r.verdict()).isEqualTo(Verdict.REGRESSION);
    }

    @Test
    void noCommonStepIsNoVerdict() {
        AbResult r = AbAnalysis.analyse(rounds(100, 6, 1.0), BASE, "tomcat", AbAnalysis.Settings.DEFAULT);

        assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(r.summary()).contains("no step was measured on both sides");
    }

    @Test
    void afterAShortWarmUpBusyJitStepsCountWithTheCompilersCpuTakenOut() {
        // every step still compiled (jit-busy); the candidate's requests cost a fifth more, its compiler alike
        List<StepRecord> records = new ArrayList<>(rounds(100, 6, 1.2));
        records.replaceAll(s -> step(
                s.frontEnd(),
                100,
                s.repeat(),
                s.processes().proxyCpuUsPerReq() + 30,
                s.load().rps(),
                StepRecord.FLAG_JIT_BUSY));
        AbAnalysis.Settings subtract = new AbAnalysis.Settings(0.05, 3, JitBusyPolicy.SUBTRACT, JudgedFigures.ALL);

        AbResult excluded = analyse(records);
        AbResult counted = AbAnalysis.analyse(records, BASE, CAND, subtract);

        assertThat(excluded.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(counted.steps().get(0).pairs()).isEqualTo(6);
        AbResult.FigureResult cpu = figure(counted, 100, Metric.US_PER_REQ_OUTSIDE_JIT);
        // the synthetic compiler took 1 µs/req of each side's whole
        assertThat(cpu.baselineMedian()).isCloseTo(50 + 3.5 + 30 - 1, within(1e-9));
        assertThat(cpu.verdict()).isEqualTo(Verdict.REGRESSION);
        assertThat(counted.settings().jitBusy()).isEqualTo(JitBusyPolicy.SUBTRACT);
    }

    @Test
    void aStepThatIsNotSteadyStillDoesNotCountWhenBusyJitStepsDo() {
        List<StepRecord> records = new ArrayList<>(rounds(100, 6, 1.0));
        records.replaceAll(s -> s.repeat() == 4 && s.frontEnd().equals(BASE)
                ? step(BASE, 100, 4, 54, 2000, StepRecord.FLAG_NOT_STEADY, StepRecord.FLAG_JIT_BUSY)
                : s);

        AbResult r = AbAnalysis.analyse(
                records, BASE, CAND, new AbAnalysis.Settings(0.05, 3, JitBusyPolicy.SUBTRACT, JudgedFigures.ALL));

        assertThat(r.steps().get(0).excluded()).containsExactly("round 4: baseline not-steady");
    }

    @Test
    void judgingCpuAloneMakesEachStepOneTestSoSixRoundsNeedNoHolmShare() {
        // one baseline turn above three of the candidate's (U = 3): p = 14 / 924 = 0.015 alone, 0.061 once
        // four figures share alpha
        List<StepRecord> records = new ArrayList<>(rounds(100, 6, 1.2));
        records.replaceAll(s -> s.repeat() == 6 && s.frontEnd().equals(BASE)
                ? step(BASE, 100, 6, 64, s.load().rps())
                : s);

        AbResult all = analyse(records);
        AbResult cpu = AbAnalysis.analyse(
                records, BASE, CAND, new AbAnalysis.Settings(0.05, 3, JitBusyPolicy.EXCLUDE, JudgedFigures.CPU));

        assertThat(figure(all, 100, Metric.US_PER_REQ).verdict()).isEqualTo(Verdict.NO_CHANGE);
        assertThat(cpu.steps().get(0).figures())
                .extracting(AbResult.FigureResult::metric)
                .containsExactly(Metric.US_PER_REQ);
        assertThat(cpu.settings().family()).isEqualTo(1);
        assertThat(cpu.verdict()).isEqualTo(Verdict.REGRESSION);
    }
}
