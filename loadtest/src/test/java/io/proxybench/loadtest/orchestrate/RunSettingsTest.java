package io.proxybench.loadtest.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.plan.CpuPinning;
import io.proxybench.loadtest.plan.FrontEndListParser;
import io.proxybench.loadtest.plan.GcChoice;
import io.proxybench.loadtest.plan.GeneratorKind;
import io.proxybench.loadtest.plan.JvmProfile;
import io.proxybench.loadtest.plan.JvmSettings;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.plan.LoadShape;
import io.proxybench.loadtest.plan.OriginFaultMix;
import io.proxybench.loadtest.plan.OriginSettings;
import io.proxybench.loadtest.plan.Placement;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.plan.TopologyKind;
import io.proxybench.loadtest.plan.TopologyOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** run.json's settings are read back by every later version of the kit: their words must not change. */
class RunSettingsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theSettingsOfTheResultsFormatExampleAreWrittenAsDocumented() throws Exception {
        RunPlan plan = RunPlan.builder()
                .frontEnds(FrontEndListParser.parse("netty,netty[workers.stage=8]"))
                .load(new LoadShape(
                        List.of(700, 1300, 2000),
                        10,
                        LoadModel.CLOSED,
                        ConnectionMode.KEEPALIVE,
                        GeneratorKind.WRK,
                        2,
                        Duration.ofSeconds(10)))
                .origin(new OriginSettings(Duration.ofMillis(50), 1024, OriginFaultMix.parse("reset=1%,stall=0.5%")))
                .placement(new Placement(
                        TopologyOptions.loopback(),
                        CpuPinning.parse("generator=0,proxy=1,origin=1", new TreeSet<>(List.of(0, 1)))))
                .build();

        // docs/results-format.md, run.json's "settings"
        assertThat(JSON.writeValueAsString(RunSettings.of(plan)))
                .isEqualTo("{\"frontEnds\":[\"netty\",\"netty[workers.stage=8]\"],\"steps\":[700,1300,2000],"
                        + "\"durationSec\":10,\"warmup\":\"auto\",\"warmupCap\":\"120s\",\"leadIn\":\"auto\","
                        + "\"leadInCap\":\"60s\",\"mode\":\"keepalive\",\"model\":\"closed\",\"generator\":\"wrk\","
                        + "\"threads\":2,\"timeout\":\"10s\",\"jvmProfile\":\"reference\",\"gc\":null,"
                        + "\"javaHome\":null,\"jvmArgs\":[],\"profile\":\"none\",\"originLatency\":\"50ms\","
                        + "\"payloadBytes\":1024,\"topology\":\"loopback\",\"link\":null,\"linkDelay\":null,"
                        + "\"applySysctl\":false,\"out\":\"results\",\"originFaults\":\"reset=1%,stall=0.5%\","
                        + "\"cpus\":{\"generator\":\"0\",\"proxy\":\"1\",\"origin\":\"1\"},\"repeat\":1}");
    }

    @Test
    void choicesAreRecordedInTheWordsEarlierRunsUsed() {
        RunPlan plan = RunPlan.builder()
                .load(new LoadShape(
                        List.of(100),
                        5,
                        LoadModel.OPEN,
                        ConnectionMode.CHURN,
                        GeneratorKind.BUILTIN,
                        2,
                        Duration.ofSeconds(10)))
                .jvm(new JvmSettings(JvmProfile.MODERN, GcChoice.PARALLEL, null, List.of()))
                .placement(new Placement(
                        new TopologyOptions(TopologyKind.NETNS, "1gbit", null, false, null), CpuPinning.NONE))
                .build();

        Map<String, Object> settings = RunSettings.of(plan);

        assertThat(settings)
                .containsEntry("mode", "churn")
                .containsEntry("model", "open")
                .containsEntry("generator", "builtin")
                .containsEntry("jvmProfile", "modern")
                .containsEntry("gc", "PARALLEL")
                .containsEntry("topology", "netns")
                .containsEntry("link", "1gbit")
                .containsEntry("cpus", null)
                .doesNotContainKeys("originFaults", "untilUndisturbed");
    }
}
