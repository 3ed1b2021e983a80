package io.proxybench.loadtest.frontend;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReadyLineTest {

    @Test
    void originAndProxyLines() {
        assertThat(ReadyLine.parse("listening port=37187")).contains(new ReadyLine(37187, null));
        assertThat(ReadyLine.parse("listening port=8080 admin=8081")).contains(new ReadyLine(8080, 8081));
        assertThat(ReadyLine.parse("     bool UseParallelGC = true {product} {command line}"))
                .isEmpty();
        assertThat(ReadyLine.matches("listening port=abc")).isFalse();
    }

    @Test
    void aReadyLineAfterPartOfAJvmDiagnosticLineIsFound() {
        // as a proxy run with -XX:+PrintCompilation printed it: the compiler's timestamp, then the ready line
        assertThat(ReadyLine.parse("2325 listening port=42837 admin=37593")).contains(new ReadyLine(42837, 37593));
        assertThat(ReadyLine.parse("  2325 1234   !   3  java.lang.Foo::bar (12 bytes)listening port=80 admin=81"))
                .contains(new ReadyLine(80, 81));
        assertThat(ReadyLine.matches("listening port=80 admin=81 and more"))
                .as("only at a line's end")
                .isFalse();
    }

    @Test
    void originLatencyInStubOriginsSpelling() {
        assertThat(OriginLauncher.latencySpelling(Duration.ofMillis(50))).isEqualTo("50ms");
        assertThat(OriginLauncher.latencySpelling(Duration.ofNanos(100_000))).isEqualTo("100us");
        assertThat(OriginLauncher.latencySpelling(Duration.ZERO)).isEqualTo("0ms");
    }
}
