package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.StepRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostsNotesTest {

    private static RunResults run(Map<String, Object> topology, String latencyMerge) {
        RunMetadata run = RunMetadata.builder()
                .runId("r")
                .status(RunMetadata.FINISHED)
                .topologyDetails(topology)
                .build();
        StepRecord step = new StepRecord(
                "netty",
                "netty",
                20,
                "ok",
                null,
                List.of(),
                null,
                2.0,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                1,
                latencyMerge,
                null,
                null,
                null,
                null);
        return new RunResults(null, run, List.of(step), List.of());
    }

    private static Map<String, Object> hosts(String proxyTarget) {
        return Map.of(
                "name",
                "hosts",
                "places",
                Map.of("proxy", Map.of("target", proxyTarget)),
                "generatorBoxes",
                List.of("ssh:gen-1", "ssh:gen-2"));
    }

    @Test
    void aHostsRunSaysTheMachineColumnsAreTheProxysBoxAndHowSplitStepsWereMerged() {
        assertThat(HostsNotes.of(run(hosts("ssh:bench@proxy-1"), "approximate")))
                .contains("CPU/%, LdAvg, RunQ, Ctx Sw. and Mbps are the proxy's box (ssh:bench@proxy-1)")
                .contains("split across 2 generator boxes")
                .contains("latency is merged from their percentile spectra weighted by requests, an approximation");
        assertThat(HostsNotes.of(run(hosts("ssh:bench@proxy-1"), "exact")))
                .contains("latency is merged exactly from their HdrHistogram logs");
    }

    @Test
    void otherRunsAndALocalProxyAddNothing() {
        assertThat(HostsNotes.of(run(Map.of("name", "netns"), null))).isEmpty();
        assertThat(HostsNotes.of(run(null, null))).isEmpty();
        assertThat(HostsNotes.of(run(
                        Map.of("name", "hosts", "places", Map.of("proxy", Map.of("target", "local"))), null)))
                .isEmpty();
    }
}
