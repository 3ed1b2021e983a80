package io.proxybench.loadtest.proc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** /proc/loadavg, /proc/meminfo and /proc/net/dev on real captures. */
class MachineFileParsersTest {

    @Test
    void loadAverageAndRunnableTasks() {
        LoadAvgSampler.LoadAvg load = LoadAvgSampler.parse(ProcFixtures.read("loadavg.0"));
        assertThat(load.load1()).isEqualTo(4.25);
        assertThat(load.load5()).isEqualTo(3.25);
        assertThat(load.load15()).isEqualTo(1.59);
        assertThat(load.running()).isEqualTo(3);
        assertThat(load.total()).isEqualTo(155);
        assertThatThrownBy(() -> LoadAvgSampler.parse("1.0 2.0")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void freeMemoryIsMemAvailable() {
        MemInfoSampler.MemInfo mem = MemInfoSampler.parse(ProcFixtures.read("meminfo.0"));
        assertThat(mem.totalKb()).isEqualTo(24684096);
        assertThat(mem.freeKb()).isEqualTo(23168780);
        assertThat(mem.availableMb()).isCloseTo(23818348 / 1024.0, within(1e-9));
        assertThat(mem.totalMb()).isEqualTo(24105);
    }

    @Test
    void oldKernelsWithoutMemAvailableFallBackToMemFree() {
        MemInfoSampler.MemInfo mem = MemInfoSampler.parse("MemTotal: 1000 kB\nMemFree: 400 kB\n");
        assertThat(mem.availableKb()).isEqualTo(400);
    }

    @Test
    void loopbackCountsOneDirection() {
        NetDevSampler.Counters before = NetDevSampler.parse(ProcFixtures.read("net_dev.0"), "lo");
        NetDevSampler.Counters after = NetDevSampler.parse(ProcFixtures.read("net_dev.1"), "lo");
        assertThat(before.rxBytes()).isEqualTo(5030395352L);
        assertThat(before.txBytes()).isEqualTo(5030395352L);
        long delta = 5058374144L - 5030395352L;
        assertThat(after.mbpsSince(before, 1.0, false)).isCloseTo(delta * 8 / 1e6, within(1e-9));
        assertThat(after.mbpsSince(before, 1.0, true)).isCloseTo(2 * delta * 8 / 1e6, within(1e-9));
        assertThat(after.mbpsSince(before, 2.0, false)).isCloseTo(delta * 8 / 2e6, within(1e-9));
    }

    @Test
    void aNicCountsBothDirections() {
        NetDevSampler.Counters eth0 = NetDevSampler.parse(ProcFixtures.read("net_dev.0"), "eth0");
        assertThat(eth0.rxBytes()).isEqualTo(248277551L);
        assertThat(eth0.txBytes()).isEqualTo(599307L);
        assertThat(new NetDevSampler(Path.of("/proc"), NetworkProbe.local("eth0")).countsBothDirections())
                .isTrue();
        assertThat(new NetDevSampler(Path.of("/proc"), NetworkProbe.local("lo")).countsBothDirections())
                .isFalse();
    }

    @Test
    void aMissingInterfaceIsAnError() {
        assertThatThrownBy(() -> NetDevSampler.parse(ProcFixtures.read("net_dev.0"), "eth9"))
                .hasMessageContaining("eth9");
    }

    @Test
    void countersThatWentBackwardsGiveNoRate() {
        NetDevSampler.Counters before = new NetDevSampler.Counters(100, 100);
        NetDevSampler.Counters after = new NetDevSampler.Counters(50, 50);
        assertThat(after.mbpsSince(before, 1.0, false)).isNull();
    }
}
