package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.results.ResultsFormatException;
import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.Sample;
import io.proxybench.loadtest.results.StepRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsReaderTest {

    @TempDir
    Path tmp;

    @Test
    void readsTheSampleRun() throws Exception {
        RunResults r = ResultsReader.read(SampleRun.sourceDir());

        assertThat(r.run().runId()).isEqualTo("20261121-235900-a1b2");
        assertThat(r.run().workload().originLatencyMs()).isEqualTo(50.0);
        assertThat(r.run().frontEnds())
                .extracting(RunMetadata.FrontEndInfo::label)
                .containsExactly("tomcat", "netty");
        assertThat(r.run().frontEnds().get(1).settings()).containsEntry("workers.stage", "8");
        assertThat(r.run().frontEnds().get(0).jvmArgs()).contains("-Xmx3500m");
        assertThat(r.run().machine().cores()).isEqualTo(8);
        assertThat(r.run().machine().sysctls())
                .containsEntry("net.core.somaxconn", "5000")
                .hasSize(5);
        assertThat(r.run().warnings()).hasSize(1);

        assertThat(r.steps()).hasSize(16);
        StepRecord tomcat1100 = r.step("tomcat", 1100).orElseThrow();
        assertThat(tomcat1100.load().rps()).isEqualTo(15385.0);
        assertThat(tomcat1100.latency().p90Ms()).isEqualTo(58000.0);
        assertThat(tomcat1100.errors().timeout()).isEqualTo(412L);
        assertThat(tomcat1100.errors().total()).isEqualTo(415L);
        assertThat(tomcat1100.flags()).containsExactly("timeouts");
        assertThat(tomcat1100.ok()).isTrue();

        assertThat(r.samples()).hasSize(102);
        assertThat(r.samplesOf("netty")).hasSize(51).allMatch(s -> s.frontEnd().equals("netty"));
        // the pause sample between steps has empty runQueue and generatorCpuPct cells
        Sample pause = r.samplesOf("tomcat").get(3);
        assertThat(pause.connections()).isZero();
        assertThat(pause.machine().runQueue()).isNull();
        assertThat(pause.processes().generatorCpuPct()).isNull();
        assertThat(pause.machine().cpuPct()).isNotNull();
    }

    @Test
    void ordersRowsByConnectionsThenDeclaredFrontEnd() throws Exception {
        RunResults r = ResultsReader.read(SampleRun.sourceDir());
        assertThat(r.stepsInTableOrder())
                .extracting(s -> s.frontEnd() + "@" + s.connections())
                .startsWith("tomcat@700", "netty@700", "tomcat@900", "netty@900", "tomcat@1100")
                .endsWith("tomcat@2000", "netty@2000");
    }

    @Test
    void toleratesNullFiguresUnknownFieldsAndMissingSamples() throws Exception {
        Files.writeString(
                tmp.resolve("run.json"), "{\"runId\":\"x\",\"brandNew\":[1,2],\"machine\":null,\"frontEnds\":null}");
        Files.writeString(tmp.resolve("steps.json"), """
                [{"frontEnd":"netty","connections":700,"status":"failed","failure":"proxy exited with code 1",
                  "rps":null,"latency":null,"errors":null,"flags":null,"extra":{"a":1}},
                 null,
                 {"frontEnd":"netty","connections":900,"rps":NaN,"latency":{"p50Ms":51.0,"newPercentile":3}}]
                """);

        RunResults r = ResultsReader.read(tmp);

        assertThat(r.run().runId()).isEqualTo("x");
        assertThat(r.run().machine()).isNull();
        assertThat(r.run().frontEnds()).isEmpty();
        assertThat(r.samples()).isEmpty();
        assertThat(r.steps()).hasSize(2);
        StepRecord failed = r.steps().get(0);
        assertThat(failed.ok()).isFalse();
        assertThat(failed.failure()).isEqualTo("proxy exited with code 1");
        assertThat(failed.load().rps()).isNull();
        assertThat(failed.latency().p90Ms()).isNull();
        assertThat(failed.flags()).isEmpty();
        assertThat(r.steps().get(1).ok()).isTrue();
        assertThat(r.steps().get(1).latency().p50Ms()).isEqualTo(51.0);
        assertThat(r.frontEndLabels()).containsExactly("netty");
    }

    @Test
    void samplesAreReadByHeaderNameWithQuotedLabelsAndBadRowsSkipped() throws Exception {
        SampleRun.copyTo(tmp);
        Files.writeString(tmp.resolve("samples.csv"), """
                frontEnd,epochMs,futureColumn,connections,cpuPct
                "netty[workers.stage=8,workers.inbound=2]",1000,zz,700,40.5
                netty,not-a-time,,700,41
                netty,3000,,,
                """);

        RunResults r = ResultsReader.read(tmp);

        assertThat(r.samples()).hasSize(2);
        assertThat(r.samples().get(0).frontEnd()).isEqualTo("netty[workers.stage=8,workers.inbound=2]");
        assertThat(r.samples().get(0).connections()).isEqualTo(700);
        assertThat(r.samples().get(0).machine().cpuPct()).isEqualTo(40.5);
        assertThat(r.samples().get(0).machine().netMbps()).isNull();
        assertThat(r.samples().get(1).epochMs()).isEqualTo(3000);
        assertThat(r.samples().get(1).machine().cpuPct()).isNull();
    }

    @Test
    void badInputIsAOneLineReason() throws Exception {
        assertThatThrownBy(() -> ResultsReader.read(tmp.resolve("nope")))
                .isInstanceOf(ResultsFormatException.class)
                .hasMessageContaining("nope")
                .hasMessageNotContaining("\n");

        Files.writeString(tmp.resolve("run.json"), "{}");
        assertThatThrownBy(() -> ResultsReader.read(tmp))
                .isInstanceOf(ResultsFormatException.class)
                .hasMessageContaining("missing steps.json");

        Files.writeString(tmp.resolve("steps.json"), "[{\"frontEnd\": \"netty\",");
        assertThatThrownBy(() -> ResultsReader.read(tmp))
                .isInstanceOf(ResultsFormatException.class)
                .hasMessageContaining("unreadable")
                .hasMessageContaining("steps.json")
                .hasMessageNotContaining("\n");

        Files.writeString(tmp.resolve("steps.json"), "{\"not\":\"an array\"}");
        assertThatThrownBy(() -> ResultsReader.read(tmp)).isInstanceOf(ResultsFormatException.class);
    }
}
