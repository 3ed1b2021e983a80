package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.plan.CpuPinning;
import io.proxybench.loadtest.plan.DurationParser;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.JvmSettings;
import io.proxybench.loadtest.plan.LoadShape;
import io.proxybench.loadtest.plan.OriginSettings;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.plan.TopologyOptions;
import java.util.LinkedHashMap;
import java.util.Map;

/** Every setting of a run as run.json records it, in the words of the command line. */
final class RunSettings {

    private RunSettings() {}

    static Map<String, Object> of(RunPlan plan) {
        LoadShape load = plan.load();
        JvmSettings jvm = plan.jvm();
        OriginSettings origin = plan.origin();
        TopologyOptions topology = plan.placement().topology();
        CpuPinning cpus = plan.placement().cpuPinning();
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("frontEnds", plan.frontEnds().stream().map(FrontEndSpec::label).toList());
        s.put("steps", load.steps());
        s.put("durationSec", load.durationSec());
        s.put("warmup", plan.warmup().describe());
        s.put("warmupCap", plan.warmup().capSec() + "s");
        s.put("leadIn", plan.leadIn().describe());
        s.put("leadInCap", plan.leadIn().capSec() + "s");
        s.put("mode", load.mode().id());
        s.put("model", load.model().id());
        s.put("generator", load.generator().id());
        s.put("threads", load.threads());
        s.put("timeout", DurationParser.format(load.requestTimeout()));
        s.put("jvmProfile", jvm.profile().id());
        // the constant's name, as run.json has always had it (PARALLEL), not the help's Parallel
        s.put("gc", jvm.gc() == null ? null : jvm.gc().name());
        s.put("javaHome", jvm.javaHome() == null ? null : jvm.javaHome().toString());
        s.put("jvmArgs", jvm.extraArgs());
        s.put("profile", plan.profiler().id());
        s.put("originLatency", DurationParser.format(origin.latency()));
        s.put("payloadBytes", origin.payloadBytes());
        s.put("topology", topology.kind().id());
        s.put("link", topology.link());
        s.put("linkDelay", topology.linkDelay());
        s.put("applySysctl", topology.applySysctl());
        s.put("out", plan.outDir().toString());
        if (!origin.faults().isEmpty()) {
            s.put("originFaults", origin.faults().spelling());
        }
        s.put("cpus", cpus.isEmpty() ? null : cpus.lists());
        if (plan.tls().enabled()) {
            s.put("tls", true);
            s.put("tlsKey", plan.tls().keyType().configName());
            s.put("tlsResumption", plan.tls().resumption().id());
            s.put("tlsClient", plan.tls().client().id());
        }
        s.put("repeat", plan.repeats().count());
        if (plan.repeats().alternate()) {
            s.put("repeatOrder", "alternate");
        }
        if (plan.repeats().untilUndisturbed() > 0) {
            s.put("untilUndisturbed", plan.repeats().untilUndisturbed());
        }
        return s;
    }
}
