package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.results.RunMetadata;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunConditionsPinningTest {

    private static RunMetadata run(Map<String, Object> settings) {
        return RunMetadata.builder()
                .runId("r")
                .status(RunMetadata.FINISHED)
                .settings(settings)
                .build();
    }

    private static Map<String, Object> cpus(String... roleLists) {
        Map<String, Object> lists = new LinkedHashMap<>();
        for (int i = 0; i < roleLists.length; i += 2) {
            lists.put(roleLists[i], roleLists[i + 1]);
        }
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("cpus", lists);
        return settings;
    }

    @Test
    void rolesSharingACpuGetAWarningLine() {
        List<RunConditions.Entry> entries = RunConditions.of(run(cpus("generator", "0", "proxy", "1", "origin", "1")));
        assertThat(entries)
                .contains(
                        new RunConditions.Entry("CPU pinning", "generator 0, proxy 1, origin 1 (taskset -c)"),
                        new RunConditions.Entry(
                                "CPU pinning warning", "proxy and origin share CPU 1: their CPU figures compete"));
    }

    @Test
    void rolesLeftOutAreSaidToRunEverywhere() {
        assertThat(RunConditions.of(run(cpus("proxy", "1"))))
                .contains(
                        new RunConditions.Entry("CPU pinning", "proxy 1 (taskset -c); generator, origin on every CPU"))
                .noneMatch(e -> e.name().equals("CPU pinning warning"));
    }

    @Test
    void aRunWithoutPinningHasNoPinningLines() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("cpus", null);
        assertThat(RunConditions.of(run(settings))).noneMatch(e -> e.name().startsWith("CPU pinning"));
        assertThat(RunConditions.of(run(null))).noneMatch(e -> e.name().startsWith("CPU pinning"));
    }
}
