package io.proxybench.loadtest.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** run.json as docs/results-format.md describes it, which report and compare read from runs of any age. */
class RunMetadataFileTest {

    private static RunMetadata finishedRun() {
        return RunMetadata.builder()
                .runId("20261121-235900-a1b2")
                .status(RunMetadata.RUNNING)
                .startedAt("2026-11-21T23:59:00Z")
                .command("./proxybench run --front-ends netty --steps 700,2000")
                .gitRevision("abc1234 (dirty)")
                .workload(new RunMetadata.Workload(
                        "wrk",
                        "keepalive",
                        "closed",
                        "loopback",
                        10,
                        null,
                        List.of(700, 2000),
                        "connections",
                        50.0,
                        1024))
                .frontEnds(List.of(RunMetadata.FrontEndInfo.beforeStart(
                        "netty", "netty", Map.of("workers.inbound", "2"), List.of("-Xms1500m"), "raw/netty")))
                .warnings(List.of("a warning"))
                .limits(List.of("a limit"))
                .settings(Map.of("repeat", 1))
                .measurement(Map.of("samplingIntervalSec", 1))
                .topologyDetails(Map.of("name", "loopback"))
                .build()
                .finished(RunMetadata.FINISHED, "2026-11-22T00:05:12Z");
    }

    @Test
    void theWorkloadSitsAtTheTopLevelInTheDocumentedOrder(@TempDir Path dir) throws Exception {
        RunFiles files = RunFiles.of(dir);
        new RunMetadataFile(files, finishedRun());

        JsonNode json = FlatLayout.JSON.readTree(files.runJson().toFile());
        List<String> fields = new ArrayList<>();
        json.fieldNames().forEachRemaining(fields::add);

        assertThat(fields)
                .containsExactly(
                        "runId",
                        "status",
                        "startedAt",
                        "finishedAt",
                        "command",
                        "gitRevision",
                        "generator",
                        "mode",
                        "model",
                        "topology",
                        "durationSec",
                        "warmupSec",
                        "steps",
                        "stepUnit",
                        "originLatencyMs",
                        "payloadBytes",
                        "frontEnds",
                        "machine",
                        "warnings",
                        "limits",
                        "settings",
                        "measurement",
                        "topologyDetails");
        assertThat(json.get("status").asText()).isEqualTo("finished");
        assertThat(json.get("generator").asText()).isEqualTo("wrk");
        assertThat(json.get("frontEnds").get(0).get("command").isNull()).isTrue();
    }

    @Test
    void whatIsWrittenReadsBackTheSame(@TempDir Path dir) throws Exception {
        RunFiles files = RunFiles.of(dir);
        RunMetadata written = finishedRun();
        new RunMetadataFile(files, written);

        RunMetadata read =
                FlatLayout.fromJson(FlatLayout.JSON.readTree(files.runJson().toFile()), RunMetadata.class);

        assertThat(read).isEqualTo(written);
    }
}
