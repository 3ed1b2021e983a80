package io.proxybench.loadtest.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.results.ResultsStore;
import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunMetadataFile;
import io.proxybench.loadtest.topology.LoopbackStandIn;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.Topology;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepSyscallsTest {

    /** Loopback in all but one thing: the proxy's box is another machine, as in a hosts file. */
    private static final Topology REMOTE_PROXY = new LoopbackStandIn("hosts", Map.of(Role.PROXY, "ssh:bench@proxy-1"));

    private static RunMetadataFile runJson(Path dir) throws Exception {
        return new RunMetadataFile(
                RunFiles.of(dir),
                RunMetadata.builder().runId("r").status(RunMetadata.RUNNING).build());
    }

    private static RunRecorder recorder(Path dir, RunMetadataFile metadata) {
        return new RunRecorder(
                new ResultsStore(RunFiles.of(dir)), metadata, new PrintWriter(new StringWriter()), "connections", 2);
    }

    @Test
    void aProxyOnAnotherBoxIsNotCountedAndTheRunSaysSoOnce(@TempDir Path dir) throws Exception {
        RunMetadataFile metadata = runJson(dir);
        RunRecorder recorder = recorder(dir, metadata);
        StepSyscalls syscalls = new StepSyscalls(true, REMOTE_PROXY, recorder);

        for (int repeat = 1; repeat <= 2; repeat++) {
            syscalls.frontEnd(FrontEndSpec.plain(FrontEndKind.NGINX), null, dir, repeat);
            syscalls.start(100);
            syscalls.stop(100, null);
        }

        assertThat(metadata.current().warnings())
                .containsExactly("--profile syscalls: the proxy runs on another box,"
                        + " where the kit does not run perf; the run goes on without system call counts");
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(name -> name.startsWith("syscalls-"));
        }
    }

    @Test
    void withoutTheProfileNothingIsLookedForOrSaid(@TempDir Path dir) throws Exception {
        RunMetadataFile metadata = runJson(dir);
        RunRecorder recorder = recorder(dir, metadata);
        StepSyscalls syscalls = new StepSyscalls(false, REMOTE_PROXY, recorder);

        syscalls.frontEnd(FrontEndSpec.plain(FrontEndKind.NGINX), null, dir, 1);
        syscalls.start(100);
        syscalls.stop(100, null);

        assertThat(metadata.current().warnings()).isEmpty();
    }
}
