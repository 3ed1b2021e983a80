package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.measure.StepFigures;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.proc.NetDevSampler;
import java.util.LinkedHashMap;
import java.util.Map;

/** What each figure of steps.json is measured from, as run.json's {@code measurement} records it. */
final class MeasurementNotes {

    private MeasurementNotes() {}

    static Map<String, Object> of(NetDevSampler netDev, LoadModel model) {
        Map<String, Object> notes = new LinkedHashMap<>();
        notes.put("samplingIntervalSec", 1);
        notes.put(
                "steps",
                model == LoadModel.OPEN
                        ? "open model: each step is an arrival rate in requests/s, sent on time whatever the answers; "
                                + "the connections field of steps.json and samples.csv holds that rate"
                        : "closed model: each step is a number of connections, each sending its next request when the "
                                + "previous one is answered");
        notes.put(
                "loadWindow",
                "the span a step's figures cover: the generator's own span of load when it reports one (Gatling: the"
                        + " step's first request to its last answer, leaving out the JVM start, the in-JVM warm-up"
                        + " and the report writing), else the span between readings taken as the generator starts"
                        + " and ends (wrk)");
        notes.put(
                "stepFigures",
                "machine figures are means of the one-second samples whose interval's middle lies inside the load"
                        + " window; process CPU and GC time are differences between readings at the step's start and"
                        + " end, or, when the generator reports its window, the samples' per-second rates summed"
                        + " over the window (each sample weighted by the part of its interval inside it); gcCount is"
                        + " always the difference between the step's start and end");
        notes.put("cpuPct", "/proc/stat: busy share of all cores (user+nice+system+irq+softirq+steal)");
        notes.put(
                "stealPct", "/proc/stat steal: share of all cores' time the hypervisor gave to others, part of cpuPct");
        notes.put("runQueue", "/proc/stat procs_running, minus the sampler reading it");
        notes.put("ctxSwPerSec", "/proc/stat ctxt");
        notes.put("loadAvg", "/proc/loadavg, 1 minute");
        notes.put("memFreeMb", "/proc/meminfo MemAvailable");
        notes.put("netMbps", netDev.describe());
        notes.put(
                "proxyCpuPct",
                "utime+stime of the front end's process tree (nginx: master and workers), " + "one core = 100");
        notes.put("proxyCpuUsPerReq", "front end CPU time in the load window / requests");
        notes.put(
                "proxySysCpuUsPerReq",
                "the stime (kernel) part of proxyCpuUsPerReq; on one machine the kernel charges network-stack work"
                        + " to whichever process is on the CPU, so it is the front end's own only roughly");
        notes.put(
                "proxyJitCpuUsPerReq",
                "the part of proxyCpuUsPerReq the JVM's JIT compiler threads took (/proc/<pid>/task/<tid>/stat at"
                        + " the step's start and end, threads told by name); null for nginx and HAProxy");
        notes.put(
                "proxyGcCpuUsPerReq",
                "the part of proxyCpuUsPerReq the JVM's garbage collector threads took, as proxyJitCpuUsPerReq; the"
                        + " VM thread, which also works at Parallel and Serial pauses, is not counted");
        notes.put("generatorCpuPct", "utime+stime of the generator process, one core = 100");
        notes.put("generator-saturated", "generator CPU >= 90% of the cores its threads can use");
        notes.put("machine-saturated", "machine CPU >= 95% (all cores)");
        notes.put(
                "jvm",
                "GC ms/s, gcCount, heap and JIT ms/s of a JVM front end: HotSpot's perf-data file"
                        + " (/tmp/hsperfdata_<user>/<pid>) when it runs on the kit's box, read without waking it;"
                        + " its admin /metrics/jvm otherwise, and at a step's edges for the heap where the file's is"
                        + " not kept current");
        notes.put("cpu-stolen", "stealPct >= " + StepFigures.STEAL_FLAG_PCT + "% over the step");
        notes.put(
                "latency",
                "the generator's: from writing a request to reading its response; "
                        + "with churn, connecting is not included");
        notes.put("origin", "a fresh stub-origin for every front end, started before it and stopped after it");
        notes.put(
                "ceilingRps",
                model == LoadModel.OPEN
                        ? "none: an open-model step is an arrival rate, which the front end can meet or fall behind"
                        : "connections / origin latency (Little's law)");
        return notes;
    }
}
