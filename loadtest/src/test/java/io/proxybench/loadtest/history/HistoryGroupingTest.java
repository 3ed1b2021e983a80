package io.proxybench.loadtest.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.changepoint.ChangePointDetector;
import io.proxybench.loadtest.compare.Metric;
import io.proxybench.loadtest.results.MachineDescription;
import io.proxybench.loadtest.results.RunResults;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryGroupingTest {

    @TempDir
    Path tmp;

    private static List<List<String>> groupedIds(Path dir) {
        RunScan scan = RunScan.of(List.of(dir));
        return RunGroup.of(scan.runs()).stream()
                .map(g -> g.runs().stream().map(r -> r.run().runId()).toList())
                .toList();
    }

    @Test
    void runsThatDifferOnlyInRevisionAndOutputDirectoryFallInOneGroup() {
        HistoryRuns.under(tmp).revision("main", "1111111aaaa").write("b", 20);
        HistoryRuns.under(tmp)
                .revision("HEAD~1", "2222222bbbb")
                .out("/tmp/elsewhere")
                .write("a", 10);
        HistoryRuns.under(tmp).revision("worktree", "3333333cccc+changes").write("c", 30);

        assertThat(groupedIds(tmp)).containsExactly(List.of("a", "b", "c"));
    }

    @Test
    void runsWithOtherStepsOrAnotherMachineAreKeptApart() {
        HistoryRuns.under(tmp).write("one", 10);
        HistoryRuns.under(tmp).revision("v2", "2222222").write("two", 20);
        HistoryRuns.under(tmp).steps(400, 800).write("more-steps", 30);
        MachineDescription bigger = new MachineDescription(
                "6.1.0",
                "AMD EPYC",
                4,
                24000L,
                "17.0.15",
                20000L,
                20000L,
                Map.of("net.core.somaxconn", "4096"),
                "madvise");
        HistoryRuns.under(tmp).machine(bigger).write("four-cores", 40);
        MachineDescription otherSysctl = new MachineDescription(
                "6.1.0",
                "AMD EPYC",
                2,
                24000L,
                "17.0.15",
                20000L,
                20000L,
                Map.of("net.core.somaxconn", "128"),
                "madvise");
        HistoryRuns.under(tmp).machine(otherSysctl).write("small-backlog", 50);

        assertThat(groupedIds(tmp))
                .containsExactly(
                        List.of("one", "two"), List.of("more-steps"), List.of("four-cores"), List.of("small-backlog"));
    }

    @Test
    void aSeriesHoldsEachRunsMedianAndRangeUnderTheFrontEndsNameWithoutRevision() {
        HistoryRuns.under(tmp).revision("main", "1111111aaaa").usPerReq(50).write("a", 10);
        HistoryRuns.under(tmp).revision("v2", "2222222bbbb").usPerReq(55).write("b", 20);
        List<RunResults> runs = RunScan.of(List.of(tmp)).runs();

        List<HistorySeries> series = HistorySeries.of(RunGroup.of(runs).get(0), ChangePointDetector.defaults());

        assertThat(series).hasSize(1);
        HistorySeries netty = series.get(0);
        assertThat(netty.frontEnd()).isEqualTo("netty");
        assertThat(netty.step()).isEqualTo(400);
        assertThat(netty.entries()).extracting(HistoryEntry::commit).containsExactly("1111111", "2222222");
        assertThat(netty.entries()).extracting(HistoryEntry::revision).containsExactly("main", "v2");
        HistoryEntry.Figure second = netty.entries().get(1).figures().get(Metric.US_PER_REQ);
        assertThat(second.median()).isEqualTo(55.0);
        assertThat(second.low()).isEqualTo(54.45);
        assertThat(second.high()).isEqualTo(55.55);
    }

    @Test
    void foreignAndBrokenDirectoriesAreSkippedWithOneLineEach() throws Exception {
        HistoryRuns.under(tmp).write("good", 10);
        Files.createDirectories(tmp.resolve("notes"));
        Path broken = Files.createDirectories(tmp.resolve("broken"));
        Files.writeString(broken.resolve("run.json"), "{ not json");

        RunScan scan = RunScan.of(List.of(tmp, tmp.resolve("missing")));

        assertThat(scan.runs()).extracting(r -> r.run().runId()).containsExactly("good");
        assertThat(scan.skipped()).hasSize(3);
        assertThat(scan.skipped())
                .anySatisfy(l -> assertThat(l).contains("broken").contains("unreadable"));
        assertThat(scan.skipped()).anySatisfy(l -> assertThat(l).contains("notes: no run.json"));
        assertThat(scan.skipped()).anySatisfy(l -> assertThat(l).contains("missing: not a directory"));
    }

    @Test
    void shortCommitsMarkUncommittedChanges() {
        assertThat(HistoryEntry.shortCommit("0123456789abcdef")).isEqualTo("0123456");
        assertThat(HistoryEntry.shortCommit("0123456789abcdef+changes")).isEqualTo("0123456+");
        assertThat(HistoryEntry.shortCommit("c746217 (dirty)")).isEqualTo("c746217+");
        assertThat(HistoryEntry.shortCommit(null)).isEqualTo("?");
        assertThat(RunGroup.withoutRevision("netty@HEAD~1[workers.inbound=2]")).isEqualTo("netty[workers.inbound=2]");
        assertThat(RunGroup.withoutRevision("tomcat[threads=virtual]")).isEqualTo("tomcat[threads=virtual]");
    }
}
