package io.proxybench.origin;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.testing.Eventually;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

class StubOriginMainTest extends OriginTestSupport {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private CommandLine command(StubOriginMain main) {
        return StubOriginMain.commandLine(main)
                .setOut(new PrintWriter(out, true))
                .setErr(new PrintWriter(err, true));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "--nope",
                "--latency=soon",
                "--latency=uniform:9ms..1ms",
                "--fault-rate=boom=1",
                "--fault-rate=reset=2",
                "--port=70000",
                "--port=x",
                "--threads=0",
                "--payload-size=-5",
                "--max-connections=-1",
                "--transport=dpdk",
                "--drain-timeout=forever"
            })
    void badFlagsPrintOneLineAndExitWith2(String flag) {
        int exit = command(new StubOriginMain(false)).execute(flag);
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).startsWith("stub-origin: ").hasLineCount(1);
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void helpExitsWith0() {
        assertThat(command(new StubOriginMain(false)).execute("--help")).isZero();
        assertThat(out.toString()).contains("--latency", "--fault-rate", "--max-connections");
    }

    @Test
    void printsTheListeningLineServesAndStopsCleanly() throws Exception {
        StubOriginMain main = new StubOriginMain(false);
        CommandLine cmd = command(main);
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(
                () -> cmd.execute("--port", "0", "--latency", "0", "--payload-size", "100", "--threads", "1"));
        Eventually.until("the listening line is printed", () -> out.toString().contains("\n") || exit.isDone());
        Matcher m = Pattern.compile("listening port=(\\d+)\\R").matcher(out.toString());
        assertThat(m.matches())
                .as("stdout holds exactly one listening line: %s", out)
                .isTrue();
        int port = Integer.parseInt(m.group(1));
        try (RawHttpConnection conn = new RawHttpConnection(port)) {
            conn.send(RawHttpConnection.get("/"));
            assertThat(conn.readResponse().body()).hasSize(100);
        }
        main.requestStop();
        assertThat(exit.get(10, TimeUnit.SECONDS)).isZero();
    }
}
