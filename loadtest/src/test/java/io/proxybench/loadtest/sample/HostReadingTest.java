package io.proxybench.loadtest.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.loadtest.results.MachineFigures;
import io.proxybench.loadtest.results.Sample;
import org.junit.jupiter.api.Test;

/** Lines as sample-box.sh prints them (recorded on a 2-core box), and the figures between two of them. */
class HostReadingTest {

    private static final String FIRST = "t=1795396762967 cpu=815866,304963,146770,1199244,1659,0,28222,4605"
            + " ctxt=48276914 run=20 load1=8.64 memfree=11345884 rx=31507696738 tx=31507696738"
            + " proxy=4379,5400,204800,23,1800 origin=4401,100,40960,12,30";
    private static final String SECOND = "t=1795396764000 cpu=815915,305098,146781,1199252,1659,0,28225,4609"
            + " ctxt=48282587 run=4 load1=8.70 memfree=11345868 rx=31507933021 tx=31507933021"
            + " proxy=4379,5520,205824,24,1850 origin=4402,3,40000,12,1";

    @Test
    void theFiguresOfASecondComeFromTwoLines() {
        HostReading first = HostReading.parse(FIRST);
        HostReading second = HostReading.parse(SECOND);

        MachineFigures machine = second.machineSince(first);
        // busy: 49 user + 135 nice + 11 system + 3 softirq + 4 steal = 202 of 210 ticks
        assertThat(machine.cpuPct()).isCloseTo(100.0 * 202 / 210, within(1e-9));
        assertThat(machine.stealPct()).isCloseTo(100.0 * 4 / 210, within(1e-9));
        assertThat(machine.ctxSwPerSec()).isCloseTo(5673 / 1.033, within(1e-6));
        assertThat(machine.runQueue()).isEqualTo(4.0);
        assertThat(machine.loadAvg()).isEqualTo(8.70);
        assertThat(machine.memFreeMb()).isCloseTo(11345868 / 1024.0, within(1e-9));
        assertThat(machine.netMbps()).isCloseTo(2 * 236283 * 8 / 1.033 / 1e6, within(1e-9));

        Sample.Processes processes = second.processesSince(first);
        assertThat(processes.proxyCpuPct()).isCloseTo(100.0 * 120 / 100 / 1.033, within(1e-9));
        // of those 120 ticks, 50 in the kernel
        assertThat(processes.proxySysCpuPct()).isCloseTo(100.0 * 50 / 100 / 1.033, within(1e-9));
        assertThat(processes.proxyRssMb()).isEqualTo(201.0);
        assertThat(processes.proxyThreads()).isEqualTo(24);
        // a new origin process (another pid) has no CPU figure for this second; no generator on this box
        assertThat(processes.originCpuPct()).isNull();
        assertThat(processes.generatorCpuPct()).isNull();
    }

    @Test
    void aRoleFromASamplerWithoutTheKernelsPartHasItsCpuButNoSplit() {
        // as an earlier kit's sample-box.sh printed a role: pid, ticks, rss, threads
        HostReading first = HostReading.parse("t=1795396762967 proxy=4379,5400,204800,23");
        HostReading second = HostReading.parse("t=1795396763967 proxy=4379,5500,204800,23");

        Sample.Processes processes = second.processesSince(first);
        assertThat(processes.proxyCpuPct()).isCloseTo(100.0, within(1e-9));
        assertThat(processes.proxySysCpuPct()).isNull();
    }

    @Test
    void aLineWithoutSomeFiguresLeavesThemUnmeasured() {
        HostReading first = HostReading.parse("t=1795396762967 run=3");
        HostReading second = HostReading.parse("t=1795396763967 run=5 rx=10");

        MachineFigures machine = second.machineSince(first);
        assertThat(machine.runQueue()).isEqualTo(5.0);
        assertThat(machine.cpuPct()).isNull();
        assertThat(machine.netMbps()).isNull();
        assertThat(machine.memFreeMb()).isNull();
    }

    @Test
    void otherOutputIsNotASample() {
        assertThatThrownBy(() -> HostReading.parse("Warning: Permanently added '[127.0.0.1]:2222' to known hosts"))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
