package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.RunResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FaultAccountingSectionTest {

    @TempDir
    Path tmp;

    @Test
    void aRunWithoutAFaultMixHasNoFaultsSection() throws Exception {
        RunResults sample = ResultsReader.read(SampleRun.sourceDir());
        assertThat(FaultAccountingSection.render(sample)).isEmpty();
        assertThat(MarkdownReport.render(sample)).doesNotContain("## Faults");
    }

    @Test
    void generatorErrorsSitBesideTheFaultsTheOriginInjected() throws Exception {
        SampleRun run = SampleRun.copyTo(tmp)
                .editRun(r -> {
                    r.putObject("settings").put("originFaults", "reset=1%,garbage=1%,stall=0.5%");
                    ObjectNode netty = (ObjectNode) r.get("frontEnds").get(1);
                    netty.putObject("afterSteps")
                            .put("proxy.connections.origin.active", 0)
                            .put("proxy.connections.origin.idle", 37)
                            .put("proxy.errors.originProtocol", 61)
                            .put("proxy.errors.timeout", 0)
                            .put("proxy.errors.reset", 2)
                            .put("quietMs", 10250);
                })
                .editSteps(steps -> {
                    for (int i = steps.size() - 1; i >= 0; i--) {
                        int connections = steps.get(i).get("connections").asInt();
                        if (connections != 700 && connections != 2000) {
                            steps.remove(i);
                        }
                    }
                })
                .editStep("netty", 700, s -> faults(s, 1000, 10, 0, 1, 1200, 12, 10, 6, 300.0))
                .editStep("netty", 2000, s -> faults(s, 3000, 31, 2, 0, 3100, 30, 31, 15, 420.0));
        rssUnderLoad(run.dir().resolve("samples.csv"), "netty", 512.0, 530.0);
        String md = MarkdownReport.render(ResultsReader.read(run.dir()));

        assertThat(md).contains("## Faults").contains("Origin fault mix: `reset=1%,garbage=1%,stall=0.5%`");
        String section = md.substring(md.indexOf("## Faults"));
        List<String> header = cells(section, "| front end");
        assertThat(header)
                .containsExactly(
                        "front end",
                        "requests",
                        "ok",
                        "status ≥400",
                        "connect",
                        "read",
                        "write",
                        "timeout",
                        "origin requests",
                        "reset",
                        "garbage",
                        "stall",
                        "proxy errors",
                        "RSS MB first→last second",
                        "pool after");
        assertThat(cells(section, "| netty"))
                .containsExactly(
                        "netty",
                        "4000",
                        "3959",
                        "41",
                        "0",
                        "2",
                        "0",
                        "1",
                        "4300",
                        "42",
                        "41",
                        "21",
                        "originProtocol 61, reset 2",
                        "512 → 530",
                        "0/37 after 10.3 s");
        // tomcat has no origin figures (an older origin) and no pool reading: dashes, not zeros
        List<String> tomcat = cells(section, "| tomcat");
        assertThat(tomcat.subList(8, 13)).containsOnly("-");
        assertThat(tomcat.get(14)).isEqualTo("-");
    }

    /**
     * Sets {@code frontEnd}'s RSS in samples.csv to {@code first} in its first second under load, to
     * {@code last} in its last, and halfway between in the others: the section must show the seconds,
     * not the steps' means.
     */
    private static void rssUnderLoad(Path samples, String frontEnd, double first, double last) throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(samples));
        List<String> header = List.of(lines.get(0).split(","));
        int fe = header.indexOf("frontEnd");
        int conns = header.indexOf("connections");
        int rss = header.indexOf("proxyRssMb");
        List<Integer> loaded = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String[] cells = lines.get(i).split(",", -1);
            if (cells[fe].equals(frontEnd) && !cells[conns].isEmpty() && Integer.parseInt(cells[conns]) > 0) {
                loaded.add(i);
            }
        }
        for (int i : loaded) {
            String[] cells = lines.get(i).split(",", -1);
            double value = i == loaded.get(0) ? first : i == loaded.get(loaded.size() - 1) ? last : (first + last) / 2;
            cells[rss] = Double.toString(value);
            lines.set(i, String.join(",", cells));
        }
        Files.write(samples, lines);
    }

    private static void faults(
            ObjectNode step,
            long requests,
            long status,
            long read,
            long timeout,
            long originRequests,
            long reset,
            long garbage,
            long stall,
            double rssMb) {
        step.put("requests", requests).put("proxyRssMb", rssMb);
        ((ObjectNode) step.get("errors"))
                .put("status", status)
                .put("read", read)
                .put("timeout", timeout);
        step.putObject("originFaults")
                .put("requests", originRequests)
                .put("reset", reset)
                .put("garbage", garbage)
                .put("stall", stall);
    }

    private static List<String> cells(String md, String rowStart) {
        String line = md.lines().filter(l -> l.startsWith(rowStart)).findFirst().orElseThrow();
        return Arrays.stream(line.substring(1, line.length() - 1).split("\\|"))
                .map(String::trim)
                .toList();
    }
}
