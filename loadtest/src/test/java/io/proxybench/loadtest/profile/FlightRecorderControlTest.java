package io.proxybench.loadtest.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.RecordingRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlightRecorderControlTest {

    @TempDir
    Path dir;

    @Test
    void startsANamedRecordingAndStopsItIntoTheStepsFile() throws Exception {
        Path file = dir.resolve("50.jfr");
        RecordingRunner runner = new RecordingRunner(command -> {
            if (command.contains("JFR.stop")) {
                try {
                    Files.writeString(file, "x");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
            return new CommandRunner.Result(0, "");
        });
        FlightRecorderControl jfr = new FlightRecorderControl(Path.of("/jdk/bin/jcmd"), runner);
        jfr.start(42, "proxybench-50");
        jfr.stop(42, "proxybench-50", file);
        assertThat(runner.joined())
                .containsExactly(
                        "/jdk/bin/jcmd 42 JFR.start name=proxybench-50 settings=profile",
                        "/jdk/bin/jcmd 42 JFR.stop name=proxybench-50 filename=" + file.toAbsolutePath());
    }

    @Test
    void anErrorInsideTheJvmIsAFailureThoughJcmdExitsZero() {
        FlightRecorderControl jfr = new FlightRecorderControl(
                Path.of("jcmd"),
                new RecordingRunner(command ->
                        new CommandRunner.Result(0, "42:\nCould not start recording, not able to read settings")));
        assertThatThrownBy(() -> jfr.start(42, "x"))
                .isInstanceOf(ProfilerException.class)
                .hasMessage("JFR.start failed: 42:; Could not start recording, not able to read settings");
    }

    @Test
    void aStopThatWritesNoFileIsAFailure() {
        FlightRecorderControl jfr = new FlightRecorderControl(Path.of("jcmd"), RecordingRunner.allSucceed());
        assertThatThrownBy(() -> jfr.stop(42, "x", dir.resolve("missing.jfr")))
                .hasMessage("JFR.stop wrote no missing.jfr");
    }
}
