package io.proxybench.loadtest.results;

/**
 * One row of samples.csv: a one-second look at the machine and the processes while {@code frontEnd}
 * was under test. {@code intervalMs} is the time since the previous reading (the rates cover it; 0
 * in files written before it was recorded); {@code connections} is the step in progress, 0 between
 * steps and during warm-up. {@code host} names the box the machine and process figures were read on
 * (a hosts file's target, e.g. {@code ssh:bench@proxy-1}); empty for the kit's own machine, and in
 * files written before it was recorded.
 */
public record Sample(
        long epochMs,
        String frontEnd,
        Integer connections,
        @Flat MachineFigures machine,
        @Flat Processes processes,
        @Flat JvmFigures jvm,
        long intervalMs,
        String host) {

    /** A sample of the kit's own machine. */
    public Sample(
            long epochMs,
            String frontEnd,
            Integer connections,
            MachineFigures machine,
            Processes processes,
            JvmFigures jvm,
            long intervalMs) {
        this(epochMs, frontEnd, connections, machine, processes, jvm, intervalMs, null);
    }

    public Sample {
        machine = machine == null ? MachineFigures.NONE : machine;
        processes = processes == null ? Processes.NONE : processes;
        jvm = jvm == null ? JvmFigures.NONE : jvm;
    }

    /** The middle of the interval the row's rates cover; decides which step a row belongs to. */
    public long midpointMs() {
        return epochMs - intervalMs / 2;
    }

    /**
     * The processes in this second: CPU (one core = 100), of the front end's also the kernel's part
     * ({@code proxySysCpuPct}, its stime; empty in files written before it was recorded), the front
     * end's memory and threads.
     */
    public record Processes(
            Double proxyCpuPct,
            Double proxySysCpuPct,
            Double proxyRssMb,
            Integer proxyThreads,
            Double originCpuPct,
            Double generatorCpuPct) {
        public static final Processes NONE = new Processes(null, null, null, null, null, null);
    }
}
