package io.proxybench.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LatencySummary;
import io.proxybench.loadtest.generator.LoadWindow;
import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.proc.ProcessSampler.Usage;
import io.proxybench.loadtest.results.Rows;
import io.proxybench.loadtest.results.Sample;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.sample.JvmTotals;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StepFiguresTest {

    private static final FrontEndSpec NETTY = FrontEndSpec.plain(FrontEndKind.NETTY);

    /** A row inside the 1..11 s step of {@link #BEFORE} and {@link #AFTER}. */
    private static Sample row(long epochMs, double cpu, double generatorCpu, int threads) {
        return Rows.sample(
                epochMs,
                1000,
                "netty",
                700,
                cpu,
                6.5,
                3.0,
                90000.0,
                300.0,
                20000.0,
                80.0,
                30.0,
                350.0,
                threads,
                20.0,
                generatorCpu,
                3.0,
                200.0);
    }

    private static GeneratorResult result(long requests, ErrorCounts errors) {
        return new GeneratorResult(
                requests, 10.0, requests * 1200, new LatencySummary(52.6, 52.1, 52.8, 54.2, 60, 80), errors, List.of());
    }

    /** 10 s between the snapshots; the proxy used 8 s of CPU (800 ticks at 100 Hz), the origin 2 s. */
    private static final BoundarySnapshot BEFORE = new BoundarySnapshot(
            1_000,
            0,
            new Usage(11, 1_000, 100, 0, 0),
            new Usage(12, 500, 50, 0, 0),
            new JvmTotals(325, 43, 1e8, 1000.0),
            null);
    /** Of the proxy's 8 s, 3 s in the kernel (stime 100 to 400 ticks). */
    private static final BoundarySnapshot AFTER = new BoundarySnapshot(
            11_000,
            10_000_000_000L,
            new Usage(11, 1_800, 400, 0, 0),
            new Usage(12, 700, 80, 0, 0),
            new JvmTotals(360, 50, 2e8, 1040.0),
            null);

    @Test
    void figuresOfAStep() {
        StepRecord r = StepFigures.of(
                NETTY,
                700,
                "2026-11-22T00:00:10Z",
                result(130_000, ErrorCounts.NONE),
                List.of(row(5_000, 40, 50, 22), row(6_000, 50, 70, 23), row(12_000, 99, 99, 99)),
                BEFORE,
                AFTER,
                100,
                2,
                0.05);
        assertThat(r.status()).isEqualTo("ok");
        assertThat(r.frontEnd()).isEqualTo("netty");
        assertThat(r.kind()).isEqualTo("netty");
        assertThat(r.load().rps()).isEqualTo(13_000.0);
        assertThat(r.latency().p90Ms()).isEqualTo(54.2);
        // the row covering 11..12 s is after the step
        assertThat(r.machine().cpuPct()).isEqualTo(45.0);
        assertThat(r.processes().generatorCpuPct()).isEqualTo(60.0);
        // 8 CPU seconds in 10 s = 80 % of a core; 8 s / 130000 requests = 61.538 µs each
        assertThat(r.processes().proxyCpuPct()).isEqualTo(80.0);
        assertThat(r.processes().proxyCpuUsPerReq()).isCloseTo(61.538, within(1e-9));
        // 3 of them in the kernel: 23.077 µs a request, the other 38.461 in user space
        assertThat(r.processes().proxySysCpuUsPerReq()).isCloseTo(23.077, within(1e-9));
        assertThat(r.processes().proxyUserCpuUsPerReq()).isCloseTo(38.461, within(1e-9));
        assertThat(r.processes().originCpuPct()).isEqualTo(20.0);
        assertThat(r.processes().proxyThreads()).isEqualTo(23);
        // 35 ms of GC in 10 s; 7 collections
        assertThat(r.jvm().gcMsPerSec()).isEqualTo(3.5);
        assertThat(r.jvm().gcCount()).isEqualTo(7);
        // 40 ms of JIT compilation in 10 s
        assertThat(r.jvm().jitMsPerSec()).isEqualTo(4.0);
        // the heap as the samples inside the step saw it, not the reading at its end
        assertThat(r.jvm().heapUsedMb()).isEqualTo(200.0);
        // Little's law: 700 connections / 50 ms = 14000 req/s
        assertThat(r.ceiling().ceilingRps()).isEqualTo(14_000.0);
        assertThat(r.ceiling().pctOfCeiling()).isCloseTo(92.857, within(1e-9));
        assertThat(r.flags()).isEmpty();
    }

    /**
     * A Gatling step: 20 s between the readings (1..21 s), of which the JVM starts until 5 s, then
     * warms up and runs its step until 12.5 s, then writes its report. Its step's own load ran from
     * 7.4 to 12.4 s: 50000 requests.
     */
    @Test
    void aReportedLoadWindowNarrowerThanTheStepIsAllItsFiguresCover() {
        List<Sample> rows = new ArrayList<>();
        for (long t = 2_000; t <= 21_000; t += 1000) {
            // the second before t: idle, under load, or (12..13 s) half of each
            double load = t <= 5_000 || t >= 14_000 ? 0 : t == 13_000 ? 0.5 : 1;
            rows.add(Rows.sample(
                    t,
                    1000,
                    "netty",
                    700,
                    mix(load, 90, 30),
                    6.5,
                    3.0,
                    90000.0,
                    300.0,
                    20000.0,
                    mix(load, 80, 4),
                    mix(load, 30, 1),
                    350.0,
                    23,
                    mix(load, 20, 1),
                    mix(load, 120, 190),
                    mix(load, 3, 0),
                    200.0));
            rows.add(Rows.sample(
                    t + 1, 1000, "tomcat", 0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1, 1.0, 1.0, 1.0, 1.0));
        }
        BoundarySnapshot before = new BoundarySnapshot(
                1_000,
                0,
                new Usage(11, 1_000, 0, 0, 0),
                new Usage(12, 500, 0, 0, 0),
                new JvmTotals(325, 43, 1e8, null),
                null);
        // over the whole 20 s: 7.5 s at 80 % and 12.5 s at 4 % of a core
        BoundarySnapshot after = new BoundarySnapshot(
                21_000,
                20_000_000_000L,
                new Usage(11, 1_000 + 650, 0, 0, 0),
                new Usage(12, 700, 0, 0, 0),
                new JvmTotals(360, 50, 2e8, null),
                null);
        GeneratorResult gatling = new GeneratorResult(
                50_000,
                5.0,
                0,
                new LatencySummary(52, 51, 52, 54, 60, 80),
                ErrorCounts.NONE,
                List.of(),
                new LoadWindow(7_400, 12_400));

        StepRecord r = StepFigures.of(NETTY, 700, "t", gatling, rows, before, after, 100, 2, 0.05);

        assertThat(r.load().rps()).isEqualTo(10_000.0);
        // machine figures: the rows whose second is mostly inside 7.4..12.4 s, all under load
        assertThat(r.machine().cpuPct()).isEqualTo(90.0);
        assertThat(r.processes().generatorCpuPct()).isEqualTo(120.0);
        // proxy CPU: 0.6 s of the 7..8 s row, four whole rows, 0.4 s of the half-loaded 12..13 s row
        // = (0.6 * 80 + 4 * 80 + 0.4 * 42) % * s = 3.848 CPU s; the readings would say 6.5 s
        assertThat(r.processes().proxyCpuUsPerReq()).isCloseTo(3.848 / 50_000 * 1e6, within(1e-9));
        assertThat(r.processes().proxyCpuPct()).isCloseTo(384.8 / 5, within(1e-9));
        // the kernel's part the same way: (0.6 * 30 + 4 * 30 + 0.4 * 15.5) % * s = 1.442 CPU s
        assertThat(r.processes().proxySysCpuUsPerReq()).isCloseTo(1.442 / 50_000 * 1e6, within(1e-9));
        assertThat(r.processes().originCpuPct()).isCloseTo((0.6 * 20 + 4 * 20 + 0.4 * 10.5) / 5, within(1e-9));
        assertThat(r.jvm().gcMsPerSec()).isCloseTo((0.6 * 3 + 4 * 3 + 0.4 * 1.5) / 5, within(1e-9));
        // collections are counted between the readings
        assertThat(r.jvm().gcCount()).isEqualTo(7);
        assertThat(r.flags()).isEmpty();
    }

    private static double mix(double load, double busy, double idle) {
        return load * busy + (1 - load) * idle;
    }

    @Test
    void anOpenModelStepHasNoCeiling() {
        StepRecord r =
                StepFigures.of(NETTY, 1000, "t", result(5_000, ErrorCounts.NONE), List.of(), BEFORE, AFTER, 100, 2, 0);
        assertThat(r.connections()).isEqualTo(1000);
        assertThat(r.ceiling().ceilingRps()).isNull();
        assertThat(r.ceiling().pctOfCeiling()).isNull();
    }

    @Test
    void withNoSampleOfTheHeapInsideTheStepItsLevelIsTheReadingAtTheStepsEnd() {
        StepRecord r = StepFigures.of(
                NETTY, 700, "t", result(130_000, ErrorCounts.NONE), List.of(), BEFORE, AFTER, 100, 2, 0.05);
        assertThat(r.jvm().heapUsedMb()).isCloseTo(2e8 / (1024 * 1024), within(0.01));
    }

    @Test
    void nginxHasNoGcFigures() {
        BoundarySnapshot before =
                new BoundarySnapshot(0, 0, new Usage(1, 0, 0, 0, 0), new Usage(2, 0, 0, 0, 0), null, null);
        BoundarySnapshot after = new BoundarySnapshot(
                1000, 1_000_000_000L, new Usage(1, 50, 0, 0, 0), new Usage(2, 0, 0, 0, 0), null, null);
        StepRecord r = StepFigures.of(
                FrontEndSpec.plain(FrontEndKind.NGINX),
                100,
                "t",
                result(2000, ErrorCounts.NONE),
                List.of(),
                before,
                after,
                100,
                2,
                0.05);
        assertThat(r.jvm().gcMsPerSec()).isNull();
        assertThat(r.jvm().gcCount()).isNull();
        assertThat(r.jvm().heapUsedMb()).isNull();
        assertThat(r.machine().cpuPct()).isNull();
        assertThat(r.processes().proxyCpuPct()).isEqualTo(50.0);
    }

    @Test
    void aProcessReplacedDuringTheStepHasNoCpuFigure() {
        BoundarySnapshot after = new BoundarySnapshot(
                11_000, 10_000_000_000L, new Usage(99, 1_800, 400, 0, 0), new Usage(12, 700, 80, 0, 0), null, null);
        StepRecord r =
                StepFigures.of(NETTY, 700, "t", result(1, ErrorCounts.NONE), List.of(), BEFORE, after, 100, 2, 0.05);
        assertThat(r.processes().proxyCpuPct()).isNull();
        assertThat(r.processes().proxyCpuUsPerReq()).isNull();
        assertThat(r.processes().proxySysCpuUsPerReq()).isNull();
    }

    /**
     * As {@link #BEFORE} and {@link #AFTER}, with the proxy's threads read: 8 s of CPU, 0.5 s of it
     * compiling, 0.3 s collecting.
     */
    private static BoundarySnapshot withRoles(BoundarySnapshot s, long compilerTicks, long gcTicks) {
        Usage p = s.proxy();
        return new BoundarySnapshot(
                s.epochMs(),
                s.nanos(),
                new Usage(p.rootPid(), p.cpuTicks(), p.sysTicks(), p.rssKb(), p.threads(), compilerTicks, gcTicks),
                s.origin(),
                s.jvm(),
                s.originStats());
    }

    @Test
    void theJitAndGcThreadsPartsOfAJvmsCpuPerRequest() {
        StepRecord r = StepFigures.of(
                NETTY,
                700,
                "t",
                result(130_000, ErrorCounts.NONE),
                List.of(),
                withRoles(BEFORE, 200, 40),
                withRoles(AFTER, 250, 70),
                100,
                2,
                0.05);
        // 0.5 s of compiler threads over 130000 requests: 3.846 µs of the 61.538; 0.3 s of GC threads: 2.308
        assertThat(r.processes().proxyJitCpuUsPerReq()).isCloseTo(3.846, within(1e-9));
        assertThat(r.processes().proxyGcCpuUsPerReq()).isCloseTo(2.308, within(1e-9));
        // 50 ms of compiler CPU a second, whatever the JVM's own count says (4.0 ms/s): flagged
        assertThat(r.flags()).containsExactly("jit-busy");

        StepRecord compiling = StepFigures.of(
                NETTY,
                700,
                "t",
                result(130_000, ErrorCounts.NONE),
                List.of(),
                withRoles(BEFORE, 200, 40),
                withRoles(AFTER, 300, 70),
                100,
                2,
                0.05);
        // 1 s of the 8: an eighth of the step's CPU per request was compilation
        assertThat(compiling.flags()).containsExactly("jit-busy");
    }

    @Test
    void theJitFlagGoesByTheCompilerThreadsCpuWhereTheyWereRead() {
        // the JVM's count reads 6.5 ms/s: on a busy machine its compilations waited for a core
        BoundarySnapshot busyAfter = new BoundarySnapshot(
                11_000,
                10_000_000_000L,
                new Usage(11, 1_800, 400, 0, 0),
                new Usage(12, 700, 80, 0, 0),
                new JvmTotals(360, 50, 2e8, 1065.0),
                null);

        // while the compiler threads took 30 ms of CPU in the 10 s: 3 ms/s, not busy
        StepRecord read = StepFigures.of(
                NETTY,
                700,
                "t",
                result(130_000, ErrorCounts.NONE),
                List.of(),
                withRoles(BEFORE, 200, 40),
                withRoles(busyAfter, 203, 70),
                100,
                2,
                0.05);
        // where the threads were not told apart, the JVM's count is all there is
        StepRecord unread = StepFigures.of(
                NETTY, 700, "t", result(130_000, ErrorCounts.NONE), List.of(), BEFORE, busyAfter, 100, 2, 0.05);

        assertThat(read.jvm().jitMsPerSec()).isEqualTo(6.5);
        assertThat(read.flags()).isEmpty();
        assertThat(unread.flags()).containsExactly("jit-busy");
    }

    @Test
    void theThreadsPartsAreUnmeasuredWhereTheyCannotBeTold() {
        // readings that did not look at threads
        StepRecord plain = StepFigures.of(
                NETTY, 700, "t", result(130_000, ErrorCounts.NONE), List.of(), BEFORE, AFTER, 100, 2, 0.05);
        assertThat(plain.processes().proxyJitCpuUsPerReq()).isNull();
        assertThat(plain.processes().proxyGcCpuUsPerReq()).isNull();
        // a compiler thread ended during the step, taking its time along
        StepRecord shrunk = StepFigures.of(
                NETTY,
                700,
                "t",
                result(130_000, ErrorCounts.NONE),
                List.of(),
                withRoles(BEFORE, 200, 40),
                withRoles(AFTER, 150, 70),
                100,
                2,
                0.05);
        assertThat(shrunk.processes().proxyJitCpuUsPerReq()).isNull();
        assertThat(shrunk.processes().proxyGcCpuUsPerReq()).isCloseTo(2.308, within(1e-9));
        // nginx's workers have no such threads: not a zero, not measured
        StepRecord nginx = StepFigures.of(
                FrontEndSpec.plain(FrontEndKind.NGINX),
                700,
                "t",
                result(130_000, ErrorCounts.NONE),
                List.of(),
                withRoles(BEFORE, 0, 0),
                withRoles(AFTER, 0, 0),
                100,
                2,
                0.05);
        assertThat(nginx.processes().proxyJitCpuUsPerReq()).isNull();
        assertThat(nginx.processes().proxyGcCpuUsPerReq()).isNull();
    }
}
