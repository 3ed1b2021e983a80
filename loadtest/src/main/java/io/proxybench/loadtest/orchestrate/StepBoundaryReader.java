package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.frontend.RunningServer;
import io.proxybench.loadtest.measure.BoundarySnapshot;
import io.proxybench.loadtest.proc.ProcessSampler;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.sample.JvmAdminSampler;
import io.proxybench.loadtest.sample.JvmTotals;
import io.proxybench.loadtest.sample.JvmTotalsReader;
import io.proxybench.loadtest.sample.OriginStatsReader;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a front end and its origin at a step's start and end: the processes' CPU and threads, the
 * JVM's GC and JIT totals, the origin's counters. A step's figures are the differences between the
 * two readings.
 */
final class StepBoundaryReader {

    private static final Logger LOG = LoggerFactory.getLogger(StepBoundaryReader.class);

    private final ProcessSampler processes;
    private final JvmTotalsReader jvm;
    private final OriginStatsReader originStats = new OriginStatsReader(Duration.ofSeconds(2));

    StepBoundaryReader(ProcessSampler processes, JvmTotalsReader jvm) {
        this.processes = processes;
        this.jvm = jvm;
    }

    /** Before the step's load starts. */
    BoundarySnapshot atStart(RunningServer frontEnd, RunningServer origin) {
        return read(frontEnd, origin, false);
    }

    /** After the step's load ended. */
    BoundarySnapshot atEnd(RunningServer frontEnd, RunningServer origin) {
        return read(frontEnd, origin, true);
    }

    private BoundarySnapshot read(RunningServer frontEnd, RunningServer origin, boolean stepEnd) {
        long nanos = System.nanoTime();
        long epochMs = System.currentTimeMillis();
        JvmTotals figures = null;
        URI metrics = frontEnd.adminUri(JvmAdminSampler.PATH);
        ProcessHandle jvmProcess = frontEnd.jvmProcess();
        // a second try as for the origin's counters: a missing reading blanks the step's GC and JIT
        for (int attempt = 0; jvmProcess != null && figures == null && attempt < 2; attempt++) {
            try {
                figures = stepEnd ? jvm.readAtStepEnd(jvmProcess, metrics) : jvm.read(jvmProcess, metrics);
            } catch (IOException e) {
                LOG.debug("JVM figures not read: {}", e.getMessage());
            }
        }
        return new BoundarySnapshot(
                epochMs,
                nanos,
                processes.readWithThreadRoles(frontEnd.process().handle()),
                processes.read(origin.process().handle()),
                figures,
                readOriginStats(origin));
    }

    /** The origin's counters; a second try when the first read fails, since a missing reading blanks the step's. */
    private StepRecord.OriginFaults readOriginStats(RunningServer origin) {
        URI stats = origin.controlUri(OriginStatsReader.PATH);
        IOException last = null;
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                return originStats.read(stats);
            } catch (IOException e) {
                last = e;
            }
        }
        LOG.warn(
                "origin {} did not answer, the step's origin counts stay empty: {}",
                OriginStatsReader.PATH,
                last.getMessage());
        return null;
    }
}
