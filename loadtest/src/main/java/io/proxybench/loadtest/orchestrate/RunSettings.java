package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.plan.DurationParser;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.RunPlan;
import java.util.LinkedHashMap;
import java.util.Map;

/** Every setting of a run as run.json records it, in the words of the command line. */
final class RunSettings {

    private RunSettings() {}

    static Map<String, Object> of(RunPlan plan) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("frontEnds", plan.frontEnds().stream().map(FrontEndSpec::label).toList());
        s.put("steps", plan.steps());
        s.put("durationSec", plan.durationSec());
        s.put("warmup", plan.warmup().describe());
        s.put("warmupCap", plan.warmup().capSec() + "s");
        s.put("leadIn", plan.leadIn().describe());
        s.put("leadInCap", plan.leadIn().capSec() + "s");
        s.put("mode", plan.mode().id());
        s.put("model", plan.model().id());
        s.put("generator", plan.generator().id());
        s.put("threads", plan.threads());
        s.put("timeout", DurationParser.format(plan.requestTimeout()));
        s.put("jvmProfile", plan.jvmProfile().id());
        s.put("gc", plan.gc() == null ? null : plan.gc().name());
        s.put("javaHome", plan.javaHome() == null ? null : plan.javaHome().toString());
        s.put("jvmArgs", plan.jvmArgs());
        s.put("profile", plan.profiler().id());
        s.put("originLatency", DurationParser.format(plan.originLatency()));
        s.put("payloadBytes", plan.payloadBytes());
        s.put("topology", plan.topology().kind().id());
        s.put("link", plan.topology().link());
        s.put("linkDelay", plan.topology().linkDelay());
        s.put("applySysctl", plan.topology().applySysctl());
        s.put("out", plan.outDir().toString());
        if (!plan.originFaults().isEmpty()) {
            s.put("originFaults", plan.originFaults().spelling());
        }
        s.put("cpus", plan.cpuPinning().isEmpty() ? null : plan.cpuPinning().lists());
        s.put("repeat", plan.repeat());
        if (plan.untilUndisturbed() > 0) {
            s.put("untilUndisturbed", plan.untilUndisturbed());
        }
        return s;
    }
}
