package io.proxybench.loadgen.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.loadgen.engine.Engines;
import io.proxybench.loadgen.engine.LoadEngine;
import io.proxybench.loadgen.engine.StepPlan;
import io.proxybench.origin.StubOrigin;
import io.proxybench.origin.StubOriginOptions;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The stdin protocol end to end: one JSON line per step, files per step, errors that do not end the session. */
@ExtendWith(LeakReportGuard.class)
class StepSessionTest {

    /** The log writes seconds with three decimals, and reading them back may truncate a millisecond. */
    private static final Offset<Long> MS = within(1L);

    @TempDir
    Path dir;

    @Test
    void eachStepAnswersOneJsonLineAndLeavesItsIntervalLog() throws Exception {
        String input = "step connections=2 duration=2s name=a\nbogus\n\n"
                + "step connections=3 duration=500ms\nquit\nstep connections=1\n";
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (StubOrigin origin = StubOrigin.started(StubOriginOptions.builder()
                        .latency(Duration.ofMillis(5))
                        .threads(1)
                        .build());
                LoadEngine engine = Engines.against(origin.baseUri(), 1)) {
            StepPlan defaults = Engines.closed("run", 1, Duration.ofSeconds(10));
            new StepSession(engine, defaults, dir, new PrintStream(bytes, true, StandardCharsets.UTF_8))
                    .serve(new BufferedReader(new StringReader(input)), "http://test/");
        }
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();

        assertThat(lines).hasSize(5);
        assertThat(lines.get(0)).startsWith("{\"type\":\"ready\"");
        assertThat(lines.get(1)).startsWith("{\"type\":\"step\",\"name\":\"a\"").contains("\"connections\":2");
        assertThat(lines.get(2))
                .isEqualTo("{\"type\":\"error\",\"message\":\"unknown command 'bogus' (step or quit)\"}");
        assertThat(lines.get(3)).startsWith("{\"type\":\"step\",\"name\":\"3\"");
        assertThat(lines.get(4)).isEqualTo("{\"type\":\"bye\"}");

        assertThat(Files.readString(dir.resolve("loadgen-a.json"))).isEqualTo(lines.get(1) + "\n");
        long requests = field(lines.get(1), "requests");
        assertThat(requests).isPositive();
        // Intervals that follow each other from the step's start to its end, cut at a whole second of it
        // (never early; a driver thread woken late cuts late, or after the end, which leaves one interval),
        // whose counts add up to the step's requests.
        long start = field(lines.get(1), "startEpochMs");
        long end = field(lines.get(1), "endEpochMs");
        long logged = 0;
        List<EncodableHistogram> intervals = new ArrayList<>();
        HistogramLogReader reader =
                new HistogramLogReader(dir.resolve("loadgen-a.hlog").toFile());
        for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
            logged += ((org.HdrHistogram.Histogram) h).getTotalCount();
            intervals.add(h);
        }
        assertThat(intervals).as("one per started second of a 2 s step").hasSizeBetween(1, 2);
        long from = start;
        for (int i = 0; i < intervals.size(); i++) {
            EncodableHistogram h = intervals.get(i);
            assertThat(h.getStartTimeStamp())
                    .as("interval %d starts where the last ended", i)
                    .isCloseTo(from, MS);
            if (i < intervals.size() - 1) {
                assertThat(h.getEndTimeStamp())
                        .as("interval %d ends", i)
                        .isGreaterThanOrEqualTo(start + (i + 1) * 1000L - 1);
            }
            from = h.getEndTimeStamp();
        }
        assertThat(from).as("the last interval ends with the step").isCloseTo(end, MS);
        assertThat(logged).isEqualTo(requests);
        assertThat(Files.exists(dir.resolve("loadgen-3.hlog"))).isTrue();
    }

    private static long field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\":(\\d+)").matcher(json);
        assertThat(m.find()).as(name + " in " + json).isTrue();
        return Long.parseLong(m.group(1));
    }
}
