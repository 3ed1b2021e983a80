package io.proxybench.loadtest.sample;

import io.proxybench.loadtest.proc.LoadAvgSampler;
import io.proxybench.loadtest.proc.MemInfoSampler;
import io.proxybench.loadtest.proc.NetDevSampler;
import io.proxybench.loadtest.proc.ProcStatSampler;
import io.proxybench.loadtest.proc.ProcessSampler;
import io.proxybench.loadtest.results.JvmFigures;
import io.proxybench.loadtest.results.MachineFigures;
import io.proxybench.loadtest.results.Sample;
import io.proxybench.loadtest.results.SamplesFile;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread that samples the machine and the watched processes every second. Rows are written
 * to samples.csv while a front end is watched and kept in memory for slicing into steps.
 */
public final class SamplingLoop implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SamplingLoop.class);

    /** The processes of the front end under test; {@code adminMetrics} is null for nginx. */
    /**
     * @param jvm          the JVM of the front end whose GC and JIT figures are read; null for a native one
     * @param adminMetrics its admin route, read where it maps no perf-data file; null without one
     */
    public record Watch(
            String frontEnd, ProcessHandle proxy, ProcessHandle origin, ProcessHandle jvm, URI adminMetrics) {}

    private final ProcStatSampler procStat;
    private final LoadAvgSampler loadAvg;
    private final MemInfoSampler memInfo;
    private final NetDevSampler netDev;
    private final ProcessSampler processes;
    private final JvmTotalsReader jvm;
    private final long ticksPerSecond;
    private final SamplesFile csv;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "sampler");
        t.setDaemon(true);
        return t;
    });
    private final List<Sample> rows = new ArrayList<>();
    private final List<Sample> hostRows = new ArrayList<>();

    private volatile Watch watch;
    private volatile int connections;
    private volatile ProcessHandle generator;

    // touched only by the sampler thread
    private long lastNanos;
    private ProcStatSampler.Snapshot lastStat;
    private NetDevSampler.Counters lastNet;
    private ProcessSampler.Usage lastProxy;
    private ProcessSampler.Usage lastOrigin;
    private ProcessSampler.Usage lastGenerator;
    private JvmTotals lastJvm;
    private ProcessHandle lastJvmSource;
    private final Set<String> reported = new HashSet<>();

    public SamplingLoop(
            ProcStatSampler procStat,
            LoadAvgSampler loadAvg,
            MemInfoSampler memInfo,
            NetDevSampler netDev,
            ProcessSampler processes,
            JvmTotalsReader jvm,
            long ticksPerSecond,
            SamplesFile csv) {
        this.procStat = procStat;
        this.loadAvg = loadAvg;
        this.memInfo = memInfo;
        this.netDev = netDev;
        this.processes = processes;
        this.jvm = jvm;
        this.ticksPerSecond = ticksPerSecond;
        this.csv = csv;
    }

    public void start() {
        thread.scheduleAtFixedRate(this::tickSafely, 0, 1, TimeUnit.SECONDS);
    }

    /** Rows carry this front end from now on; null stops writing rows. */
    public void watch(Watch watch) {
        this.watch = watch;
        this.connections = 0;
    }

    /** The step in progress (0 between steps and during warm-up). */
    public void connections(int connections) {
        this.connections = connections;
    }

    /** The front end being watched, or null between front ends. */
    public Watch watching() {
        return watch;
    }

    /** The step in progress (0 between steps and during warm-up). */
    public int stepInProgress() {
        return connections;
    }

    public void generator(ProcessHandle generator) {
        this.generator = generator;
    }

    /** The rows of one front end taken so far. */
    public List<Sample> rows(String frontEnd) {
        synchronized (rows) {
            return rows.stream().filter(r -> frontEnd.equals(r.frontEnd())).toList();
        }
    }

    /** Keeps a row of another box ({@link HostSamplers}) for slicing into steps. */
    public void addHostRow(Sample row) {
        synchronized (hostRows) {
            hostRows.add(row);
        }
    }

    /** The other boxes' rows of one front end taken so far. */
    public List<Sample> hostRows(String frontEnd) {
        synchronized (hostRows) {
            return hostRows.stream().filter(r -> frontEnd.equals(r.frontEnd())).toList();
        }
    }

    /**
     * Waits until a row at or after {@code epochMs} exists, so that the last second of a step is in
     * before the step is sliced. Gives up after {@code max}.
     */
    public void awaitRowAfter(long epochMs, Duration max) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        synchronized (rows) {
            while (rows.isEmpty() || rows.get(rows.size() - 1).epochMs() < epochMs) {
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return;
                }
                rows.wait(left);
            }
        }
    }

    private void tickSafely() {
        try {
            tick();
        } catch (RuntimeException e) {
            LOG.warn("sampling failed: {}", e.toString());
        }
    }

    private void tick() {
        long nanos = System.nanoTime();
        long epochMs = System.currentTimeMillis();
        double seconds = lastNanos == 0 ? 0 : (nanos - lastNanos) / 1e9;
        long intervalMs = Math.round(seconds * 1000);
        lastNanos = nanos;
        Watch w = watch;
        int conns = connections;

        Double cpuPct = null;
        Double stealPct = null;
        Double ctxSw = null;
        Double runQueue = null;
        ProcStatSampler.Snapshot stat = quietly("/proc/stat", procStat::read);
        if (stat != null) {
            runQueue = stat.runQueue();
            if (lastStat != null) {
                cpuPct = stat.cpuBusyPctSince(lastStat);
                stealPct = stat.stealPctSince(lastStat);
                ctxSw = stat.contextSwitchesPerSecSince(lastStat, seconds);
            }
        }
        lastStat = stat;
        LoadAvgSampler.LoadAvg load = quietly("/proc/loadavg", loadAvg::read);
        MemInfoSampler.MemInfo mem = quietly("/proc/meminfo", memInfo::read);
        NetDevSampler.Counters net = quietly("/proc/net/dev", netDev::read);
        Double mbps =
                net != null && lastNet != null ? net.mbpsSince(lastNet, seconds, netDev.countsBothDirections()) : null;
        lastNet = net;

        ProcessSampler.Usage proxy = w == null || w.proxy() == null ? null : processes.read(w.proxy());
        ProcessSampler.Usage origin = w == null || w.origin() == null ? null : processes.read(w.origin());
        ProcessHandle gen = generator;
        ProcessSampler.Usage generatorUsage = gen == null ? null : processes.read(gen);
        Double proxyCpu = proxy == null ? null : proxy.cpuPctSince(lastProxy, seconds, ticksPerSecond);
        Double proxySysCpu = proxy == null ? null : proxy.sysCpuPctSince(lastProxy, seconds, ticksPerSecond);
        Double originCpu = origin == null ? null : origin.cpuPctSince(lastOrigin, seconds, ticksPerSecond);
        Double generatorCpu =
                generatorUsage == null ? null : generatorUsage.cpuPctSince(lastGenerator, seconds, ticksPerSecond);
        lastProxy = proxy;
        lastOrigin = origin;
        lastGenerator = generatorUsage;

        ProcessHandle jvmProcess = w == null ? null : w.jvm();
        JvmTotals jvmTotals =
                jvmProcess == null ? null : quietly("JVM figures", () -> jvm.read(jvmProcess, w.adminMetrics()));
        JvmFigures jvmFigures = jvmTotals == null
                ? null
                : lastJvm != null && jvmProcess.equals(lastJvmSource)
                        ? jvmTotals.since(lastJvm, seconds)
                        : jvmTotals.heapOnly();
        lastJvm = jvmTotals;
        lastJvmSource = jvmProcess;

        if (w == null || seconds == 0) {
            return;
        }
        Sample row = new Sample(
                epochMs,
                w.frontEnd(),
                conns,
                new MachineFigures(
                        cpuPct,
                        load == null ? null : load.load1(),
                        runQueue,
                        ctxSw,
                        mbps,
                        mem == null ? null : mem.availableMb(),
                        stealPct),
                new Sample.Processes(
                        proxyCpu,
                        proxySysCpu,
                        proxy == null ? null : proxy.rssMb(),
                        proxy == null ? null : proxy.threads(),
                        originCpu,
                        generatorCpu),
                jvmFigures,
                intervalMs);
        try {
            csv.append(row);
        } catch (IOException e) {
            LOG.warn("cannot append to samples.csv: {}", e.getMessage());
        }
        synchronized (rows) {
            rows.add(row);
            rows.notifyAll();
        }
    }

    private interface Reading<T> {
        T read() throws IOException;
    }

    /** A reading that failed is an empty cell; the first failure of each source is logged. */
    private <T> T quietly(String source, Reading<T> reading) {
        try {
            return reading.read();
        } catch (IOException | RuntimeException e) {
            if (reported.add(source)) {
                LOG.warn("cannot read {}: {} (cells left empty)", source, e.getMessage());
            }
            return null;
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
