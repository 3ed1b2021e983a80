package io.proxybench.loadtest.history;

import io.proxybench.loadtest.results.JvmFigures;
import io.proxybench.loadtest.results.MachineDescription;
import io.proxybench.loadtest.results.MachineFigures;
import io.proxybench.loadtest.results.ResultsStore;
import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunMetadataFile;
import io.proxybench.loadtest.results.StepRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Small run directories written with the kit's own writers ({@link RunMetadataFile}, {@link ResultsStore}):
 * one front end at a revision, a few steps, three repeats each.
 */
final class HistoryRuns {

    static final MachineDescription MACHINE = new MachineDescription(
            "6.1.0", "AMD EPYC", 2, 24000L, "17.0.15", 20000L, 20000L, Map.of("net.core.somaxconn", "4096"), "madvise");

    private final Path parent;
    private String revision = "main";
    private String commit = "0123456789abcdef0123456789abcdef01234567";
    private List<Integer> steps = List.of(400);
    private MachineDescription machine = MACHINE;
    private String out = "results";
    private double usPerReq = 60;

    private HistoryRuns(Path parent) {
        this.parent = parent;
    }

    static HistoryRuns under(Path parent) {
        return new HistoryRuns(parent);
    }

    HistoryRuns revision(String value, String commitId) {
        revision = value;
        commit = commitId;
        return this;
    }

    HistoryRuns steps(Integer... value) {
        steps = List.of(value);
        return this;
    }

    HistoryRuns machine(MachineDescription value) {
        machine = value;
        return this;
    }

    HistoryRuns out(String value) {
        out = value;
        return this;
    }

    HistoryRuns usPerReq(double value) {
        usPerReq = value;
        return this;
    }

    /** Writes run {@code id}, started at minute {@code minute} of the day; repeats spread ±1 % around the level. */
    Path write(String id, int minute) {
        String label = "netty@" + revision;
        String startedAt = String.format("2026-12-05T%02d:%02d:00Z", minute / 60, minute % 60);
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("frontEnds", List.of(label));
        settings.put("steps", steps);
        settings.put("durationSec", 10);
        settings.put("mode", "keepalive");
        settings.put("repeat", 3);
        settings.put("out", out);
        RunMetadata run = RunMetadata.builder()
                .runId(id)
                .status(RunMetadata.FINISHED)
                .startedAt(startedAt)
                .gitRevision("fedcba9")
                .workload(new RunMetadata.Workload(
                        "wrk", "keepalive", "closed", "loopback", 10, null, steps, "connections", 50.0, 1024))
                .frontEnds(List.of(RunMetadata.FrontEndInfo.beforeStart(
                        label, "netty", Map.of("revision", revision, "commit", commit), List.of(), "raw/netty")))
                .machine(machine)
                .settings(settings)
                .build();
        RunFiles files = new RunFiles(id, parent.resolve(id));
        try {
            files.create();
            new RunMetadataFile(files, run);
            ResultsStore store = new ResultsStore(files);
            double[] spread = {0.99, 1.0, 1.01};
            for (int step : steps) {
                for (int r = 0; r < spread.length; r++) {
                    store.add(step(label, step, startedAt, usPerReq * spread[r]).withRepeat(r + 1));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files.dir();
    }

    private static StepRecord step(String label, int connections, String startedAt, double usPerReq) {
        double rps = connections / 0.05;
        return new StepRecord(
                label,
                "netty",
                connections,
                StepRecord.OK,
                null,
                new ArrayList<>(),
                startedAt,
                10.0,
                new StepRecord.Load((long) (rps * 10), rps),
                new StepRecord.Latency(50.5, 50.2, 50.6, 51.0, 53.0, 60.0),
                new StepRecord.Errors(0L, 0L, 0L, 0L, 0L),
                new MachineFigures(40.0, 1.0, 1.0, 9000.0, 100.0, 20000.0, null),
                new StepRecord.Processes(usPerReq * rps / 1e4, usPerReq, 20.0, 300.0, 20, 10.0, 30.0, null, null),
                new JvmFigures(1.0, 1L, 100.0, 1.0),
                new StepRecord.Ceiling(rps, 100.0),
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }
}
