package io.proxybench.loadtest.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsStoreTest {

    static StepRecord ok(String frontEnd, int connections) {
        return new StepRecord(
                frontEnd,
                "netty",
                connections,
                "ok",
                null,
                List.of("timeouts", "socket-errors"),
                "2026-11-22T00:00:10Z",
                10.0,
                new StepRecord.Load(130000L, 13000.0),
                new StepRecord.Latency(52.6, 52.1, 52.8, 54.2, 60.0, 80.0),
                new StepRecord.Errors(0L, 1L, 0L, 0L, 2L),
                new MachineFigures(47.3, 6.9, 3.2, 93207.5, 313.1, 20000.0, null),
                new StepRecord.Processes(80.0, 61.5, 20.5, 350.0, 23, 20.0, 60.0, 2.5, 1.5),
                new JvmFigures(3.5, 12L, 210.0, 1.25),
                new StepRecord.Ceiling(14000.0, 92.9),
                null,
                "latency-" + connections + ".json",
                null,
                null,
                null,
                new CarrierPinning(12L, 3.25),
                new LockContention("java.util.concurrent.locks.ReentrantLock$NonfairSync", 41.5),
                null);
    }

    @Test
    void everyStepRewritesStepsJsonAndResultsCsv(@TempDir Path dir) throws Exception {
        ResultsStore store = new ResultsStore(RunFiles.of(dir));
        store.add(ok("netty[a=1,b=2]", 700));
        JsonNode steps = new ObjectMapper().readTree(dir.resolve("steps.json").toFile());
        assertThat(steps).hasSize(1);
        store.add(StepRecord.failed("tomcat", "tomcat", 700, "2026-11-22T00:01:00Z", "front end did not start: boom"));
        steps = new ObjectMapper().readTree(dir.resolve("steps.json").toFile());
        assertThat(steps).hasSize(2);
        JsonNode first = steps.get(0);
        assertThat(first.get("latency").get("p90Ms").asDouble()).isEqualTo(54.2);
        assertThat(first.get("errors").get("timeout").asLong()).isEqualTo(2);
        assertThat(first.get("proxyCpuUsPerReq").asDouble()).isEqualTo(61.5);
        assertThat(first.get("pinnedCount").asLong()).isEqualTo(12);
        assertThat(first.get("pinnedMs").asDouble()).isEqualTo(3.25);
        JsonNode failed = steps.get(1);
        assertThat(failed.get("status").asText()).isEqualTo("failed");
        assertThat(failed.get("failure").asText()).isEqualTo("front end did not start: boom");
        assertThat(failed.get("rps").isNull()).isTrue();
        assertThat(failed.get("latency").isNull()).isTrue();

        List<String> csv = Files.readAllLines(dir.resolve("results.csv"));
        assertThat(csv).hasSize(3);
        assertThat(csv.get(0))
                .startsWith("frontEnd,kind,connections,status,failure,flags,startedAt,durationSec,"
                        + "requests,rps,latency.meanMs,latency.p50Ms,latency.p75Ms,latency.p90Ms,latency.p99Ms,"
                        + "latency.maxMs,errors.connect,errors.read,errors.write,errors.status,errors.timeout,cpuPct,")
                .endsWith(",ceilingRps,pctOfCeiling,originFaults.requests,originFaults.status500,originFaults.reset,"
                        + "originFaults.closeMidBody,originFaults.garbage,originFaults.stall,originFaults.slowBody,"
                        + "latencySpectrum,repeat,latencyMerge,leadIn.seconds,leadIn.end,pinnedCount,pinnedMs,"
                        + "mostContendedLock,mostContendedLockMs,handshakes.perSec,handshakes.proxyCpuUsPer,"
                        + "handshakes.resumedPct,handshakes.resumedCountedBy");
        assertThat(csv.get(1))
                .endsWith(",14000,92.9,,,,,,,,latency-700.json,,,,,12,3.25,"
                        + "java.util.concurrent.locks.ReentrantLock$NonfairSync,41.5,,,,");
        assertThat(csv.get(1))
                .startsWith("\"netty[a=1,b=2]\",netty,700,ok,,timeouts;socket-errors,2026-11-22T00:00:10Z,10,"
                        + "130000,13000,52.6,52.1,52.8,54.2,60,80,0,1,0,0,2,47.3,");
        assertThat(csv.get(2)).startsWith("tomcat,tomcat,700,failed,front end did not start: boom,,");
        assertThat(csv.get(2).split(",", -1)).hasSameSizeAs(csv.get(0).split(",", -1));
        assertThat(dir.resolve(".steps.json.tmp")).doesNotExist();
    }

    @Test
    void whatIsWrittenReadsBackAsTheSameSteps(@TempDir Path dir) throws Exception {
        ResultsStore store = new ResultsStore(RunFiles.of(dir));
        StepRecord failed = StepRecord.failed("tomcat", "tomcat", 700, "2026-11-22T00:01:00Z", "did not start");
        store.add(ok("netty[a=1,b=2]", 700));
        store.add(failed);
        Files.writeString(dir.resolve(RunFiles.RUN_JSON), "{}");

        assertThat(ResultsReader.read(dir).steps()).containsExactly(ok("netty[a=1,b=2]", 700), failed);
    }

    @Test
    void stepsJsonFieldsMatchTheResultsFormat(@TempDir Path dir) throws Exception {
        new ResultsStore(RunFiles.of(dir)).add(ok("netty", 700));
        JsonNode step =
                new ObjectMapper().readTree(dir.resolve("steps.json").toFile()).get(0);
        List<String> names = new java.util.ArrayList<>();
        step.fieldNames().forEachRemaining(names::add);
        assertThat(names)
                .containsExactly(
                        "frontEnd",
                        "kind",
                        "connections",
                        "status",
                        "failure",
                        "flags",
                        "startedAt",
                        "durationSec",
                        "requests",
                        "rps",
                        "latency",
                        "errors",
                        "cpuPct",
                        "loadAvg",
                        "runQueue",
                        "ctxSwPerSec",
                        "netMbps",
                        "memFreeMb",
                        "stealPct",
                        "proxyCpuPct",
                        "proxyCpuUsPerReq",
                        "proxySysCpuUsPerReq",
                        "proxyRssMb",
                        "proxyThreads",
                        "originCpuPct",
                        "generatorCpuPct",
                        "proxyJitCpuUsPerReq",
                        "proxyGcCpuUsPerReq",
                        "gcMsPerSec",
                        "gcCount",
                        "heapUsedMb",
                        "jitMsPerSec",
                        "ceilingRps",
                        "pctOfCeiling",
                        "originFaults",
                        "latencySpectrum",
                        "repeat",
                        "latencyMerge",
                        "leadIn",
                        "pinnedCount",
                        "pinnedMs",
                        "mostContendedLock",
                        "mostContendedLockMs",
                        "handshakes");
    }

    @Test
    void aStepsLeadInReadsBackAndAFileWithoutOneReadsAsNull(@TempDir Path dir) throws Exception {
        ResultsStore store = new ResultsStore(RunFiles.of(dir));
        StepRecord led = ok("netty", 700).withLeadIn(new StepRecord.LeadIn(4.2, "steady"));
        store.add(led);
        Files.writeString(dir.resolve(RunFiles.RUN_JSON), "{}");
        JsonNode step =
                new ObjectMapper().readTree(dir.resolve("steps.json").toFile()).get(0);
        assertThat(step.get("leadIn").get("seconds").asDouble()).isEqualTo(4.2);
        assertThat(step.get("leadIn").get("end").asText()).isEqualTo("steady");
        assertThat(ResultsReader.read(dir).steps()).containsExactly(led);

        // a steps.json from before lead-ins
        Files.writeString(dir.resolve("steps.json"), "[{\"frontEnd\":\"netty\",\"connections\":700}]");
        assertThat(ResultsReader.read(dir).steps().get(0).leadIn()).isNull();
    }
}
