package io.proxybench.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.results.MachineFigures;
import io.proxybench.loadtest.results.Sample;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.sample.StepWindow;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostStepFiguresTest {

    private static final StepWindow STEP = new StepWindow(10_000, 13_000);

    private static StepRecord kitRecord() {
        return new StepRecord(
                "netty",
                "netty",
                20,
                "ok",
                null,
                List.of(),
                null,
                3.0,
                new StepRecord.Load(3000L, 1000.0),
                null,
                null,
                new MachineFigures(20.0, 1.0, 2.0, 1000.0, 5.0, 900.0, null),
                new StepRecord.Processes(0.4, 4.0, 1.0, 12.0, 3, 0.2, 30.0, null, null),
                null,
                null,
                null,
                null,
                1,
                null,
                null,
                null,
                null,
                null);
    }

    private static Sample row(long epochMs, String host, double cpuPct, Double generatorCpuPct) {
        return new Sample(
                epochMs,
                "netty",
                20,
                new MachineFigures(cpuPct, 3.0, 4.0, 5000.0, 50.0, null, null),
                new Sample.Processes(null, null, null, null, null, generatorCpuPct),
                null,
                1000,
                host);
    }

    private static Sample processRow(long epochMs, String host, Double proxyCpuPct, Double originCpuPct) {
        Double sys = proxyCpuPct == null ? null : proxyCpuPct / 2;
        return new Sample(
                epochMs,
                "netty",
                20,
                null,
                new Sample.Processes(proxyCpuPct, sys, 300.0, 40, originCpuPct, null),
                null,
                1000,
                host);
    }

    @Test
    void aRemoteProxysAndOriginsCpuComeFromTheirBoxesNotFromTheKitsSshClients() {
        List<Sample> rows = List.of(
                processRow(11_000, "ssh:proxy-1", 50.0, null),
                processRow(12_000, "ssh:proxy-1", 70.0, null),
                processRow(11_000, "ssh:origin-1", null, 25.0));

        StepRecord.Processes p = HostStepFigures.apply(
                        kitRecord(), null, rows, STEP, "ssh:proxy-1", "ssh:origin-1", Map.of())
                .processes();

        // 60 % of a core at 1000 req/s: 600 µs of CPU per request, half of it the kernel's
        assertThat(p).isEqualTo(new StepRecord.Processes(60.0, 600.0, 300.0, 300.0, 40, 25.0, 30.0, null, null));
        assertThat(HostStepFigures.apply(kitRecord(), null, List.of(), STEP, "ssh:proxy-1", null, Map.of())
                        .processes())
                .as("no proxy box rows: not measured, rather than the ssh client's figures")
                .isEqualTo(new StepRecord.Processes(null, null, null, null, null, 0.2, 30.0, null, null));
    }

    @Test
    void theMachineColumnsComeFromTheProxysBoxDuringTheStep() {
        List<Sample> rows = List.of(
                row(11_000, "ssh:proxy-1", 60, null),
                row(12_000, "ssh:proxy-1", 80, null),
                row(20_000, "ssh:proxy-1", 5, null),
                row(11_000, "ssh:origin-1", 99, null));

        StepRecord record = HostStepFigures.apply(kitRecord(), null, rows, STEP, "ssh:proxy-1", null, Map.of());

        assertThat(record.machine()).isEqualTo(new MachineFigures(70.0, 3.0, 4.0, 5000.0, 50.0, 900.0, null));
        assertThat(record.flags()).isEmpty();
    }

    @Test
    void aLocalProxyOrNoHostRowsLeaveTheKitsFigures() {
        StepRecord kit = kitRecord();
        assertThat(HostStepFigures.apply(
                        kit,
                        (LoadGenerator) null,
                        List.of(row(11_000, "ssh:proxy-1", 60, null)),
                        STEP,
                        null,
                        null,
                        Map.of()))
                .isEqualTo(kit);
        assertThat(HostStepFigures.apply(kit, null, List.of(), STEP, "ssh:proxy-1", null, Map.of())
                        .machine())
                .isEqualTo(kit.machine());
    }

    @Test
    void aGeneratorBoxIsSaturatedAtNinetyPercentOfTheCoresItCanUseThere() {
        List<Sample> rows = List.of(row(11_000, "ssh:gen-2", 50, 190.0), row(12_000, "ssh:gen-2", 50, 185.0));

        assertThat(HostStepFigures.saturated(rows, "ssh:gen-2", 2)).isTrue();
        assertThat(HostStepFigures.saturated(rows, "ssh:gen-2", 4)).isFalse();
        assertThat(HostStepFigures.saturated(rows, "ssh:gen-1", 1))
                .as("no rows of that box")
                .isFalse();
    }

    @Test
    void aSplitStepIsFlaggedWhenAnyGeneratorBoxSaturatedItsOwnCores() {
        LoadGenerator split =
                io.proxybench.loadtest.generator.split.SplitGeneratorFixture.twoBoxes("ssh:gen-1", "ssh:gen-2", 4);
        // gen-2 has 2 cores: its generator at 190 % is past 90 % of them; gen-1 at 150 % of 4 cores is not
        List<Sample> rows = List.of(row(11_000, "ssh:gen-1", 50, 150.0), row(11_000, "ssh:gen-2", 50, 190.0));

        assertThat(HostStepFigures.apply(
                                kitRecord(), split, rows, STEP, null, null, Map.of("ssh:gen-1", 4, "ssh:gen-2", 2))
                        .flags())
                .containsExactly(StepRecord.FLAG_GENERATOR_SATURATED);
        assertThat(HostStepFigures.apply(
                                kitRecord(), split, rows, STEP, null, null, Map.of("ssh:gen-1", 4, "ssh:gen-2", 4))
                        .flags())
                .isEmpty();
    }
}
