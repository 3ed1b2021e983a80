package io.proxybench.loadtest.proc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ProcStatSamplerTest {

    private final ProcStatSampler.Snapshot first = ProcStatSampler.parse(ProcFixtures.read("stat.0"));
    private final ProcStatSampler.Snapshot second = ProcStatSampler.parse(ProcFixtures.read("stat.1"));

    @Test
    void busyCountsEverythingButIdleAndIowait() {
        // cpu  63043 94 7919 137246 572 0 1779 51 0 0
        assertThat(first.busyTicks()).isEqualTo(63043 + 94 + 7919 + 0 + 1779 + 51);
        assertThat(first.totalTicks()).isEqualTo(first.busyTicks() + 137246 + 572);
    }

    @Test
    void cpuBusyShareIsTheBusyDeltaOverTheTotalDelta() {
        // busy grew by 89 ticks of 202 across both cores
        assertThat(second.cpuBusyPctSince(first)).isCloseTo(100.0 * 89 / 202, within(1e-9));
    }

    @Test
    void stealIsTheHypervisorsShareOfAllCoresAndPartOfBusy() {
        assertThat(first.stealTicks()).isEqualTo(51);
        assertThat(second.stealPctSince(first)).isZero();
        ProcStatSampler.Snapshot stolen = ProcStatSampler.parse("cpu 100 0 50 800 0 0 0 50\nctxt 5\nprocs_running 1\n");
        ProcStatSampler.Snapshot later = ProcStatSampler.parse("cpu 180 0 60 890 0 0 0 70\nctxt 9\nprocs_running 1\n");
        // 20 of the 200 ticks both cores had went to another guest; they count as busy too
        assertThat(later.stealPctSince(stolen)).isCloseTo(10.0, within(1e-9));
        assertThat(later.cpuBusyPctSince(stolen)).isCloseTo(55.0, within(1e-9));
    }

    @Test
    void contextSwitchRateIsTheCounterDeltaPerSecond() {
        assertThat(second.contextSwitchesPerSecSince(first, 1.0)).isEqualTo(6706166 - 6684412);
        assertThat(second.contextSwitchesPerSecSince(first, 2.0)).isEqualTo((6706166 - 6684412) / 2.0);
    }

    @Test
    void runQueueLeavesOutTheReaderItself() {
        assertThat(first.procsRunning()).isEqualTo(4);
        assertThat(first.runQueue()).isEqualTo(3);
        assertThat(ProcStatSampler.parse("cpu 1 0 0 1 0 0 0 0\nctxt 5\nprocs_running 1\n")
                        .runQueue())
                .isZero();
    }

    @Test
    void noTimeElapsedMeansNoFigure() {
        assertThat(first.cpuBusyPctSince(first)).isNull();
        assertThat(first.stealPctSince(first)).isNull();
        assertThat(first.contextSwitchesPerSecSince(first, 0)).isNull();
    }

    @Test
    void rejectsAFileWithoutTheNeededLines() {
        assertThatThrownBy(() -> ProcStatSampler.parse("cpu 1 2 3 4\n")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void readsThisMachine() throws IOException {
        ProcStatSampler.Snapshot now = new ProcStatSampler(Path.of("/proc")).read();
        assertThat(now.totalTicks()).isGreaterThan(0);
        assertThat(now.procsRunning()).isGreaterThanOrEqualTo(1);
    }
}
