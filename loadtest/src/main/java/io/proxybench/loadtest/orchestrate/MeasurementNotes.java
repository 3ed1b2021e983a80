package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.sample.NetDevSampler;
import java.util.LinkedHashMap;
import java.util.Map;

/** What each figure of steps.json is measured from, as run.json's {@code measurement} records it. */
final class MeasurementNotes {

    private MeasurementNotes() {
    }

    static Map<String, Object> of(NetDevSampler netDev) {
        Map<String, Object> notes = new LinkedHashMap<>();
        notes.put("samplingIntervalSec", 1);
        notes.put("stepFigures", "machine figures are means of the one-second samples whose interval's middle lies "
                + "inside the step; process CPU and GC are differences between readings at the step's start and end");
        notes.put("cpuPct", "/proc/stat: busy share of all cores (user+nice+system+irq+softirq+steal)");
        notes.put("runQueue", "/proc/stat procs_running, minus the sampler reading it");
        notes.put("ctxSwPerSec", "/proc/stat ctxt");
        notes.put("loadAvg", "/proc/loadavg, 1 minute");
        notes.put("memFreeMb", "/proc/meminfo MemAvailable");
        notes.put("netMbps", netDev.describe());
        notes.put("proxyCpuPct", "utime+stime of the front end's process tree (nginx: master and workers), "
                + "one core = 100");
        notes.put("proxyCpuUsPerReq", "front end CPU time during the step / requests");
        notes.put("generatorCpuPct", "utime+stime of the generator process, one core = 100");
        notes.put("generator-saturated", "generator CPU >= 90% of the cores its threads can use, or machine CPU >= 95%");
        notes.put("latency", "the generator's: from writing a request to reading its response; "
                + "with churn, connecting is not included");
        notes.put("origin", "a fresh stub-origin for every front end, started before it and stopped after it");
        notes.put("ceilingRps", "connections / origin latency (Little's law)");
        return notes;
    }
}
