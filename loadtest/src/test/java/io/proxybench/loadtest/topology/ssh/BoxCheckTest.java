package io.proxybench.loadtest.topology.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.process.CommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** check-box.sh's report, as a box with and without problems gives it. */
class BoxCheckTest {

    private static final long KIT_NOW = 1_795_396_515_950_000_000L;

    private static String report(String java, String nofile, String somaxconn, String ports, long clock) {
        return String.join(
                "\n",
                "file /usr/lib/jvm/java-17-openjdk-amd64/bin/java ok",
                "java " + java,
                "file /opt/pb/proxy-netty/target/proxy-netty.jar ok",
                "file /usr/bin/wrk missing",
                "nofile " + nofile,
                "sysctl net/core/somaxconn " + somaxconn,
                "sysctl net/ipv4/ip_local_port_range " + ports,
                "clock " + clock,
                "");
    }

    @Test
    void aSoundBoxHasNoProblemsBesideAMissingProgram() {
        List<BoxCheck.Problem> problems = BoxCheck.judge(
                "ssh:gen-1",
                report(
                        "openjdk version \"17.0.15\" 2025-04-15",
                        "65536",
                        "4096",
                        "10240\t65535",
                        KIT_NOW + 40_000_000L),
                2000,
                KIT_NOW,
                KIT_NOW);

        assertThat(problems)
                .containsExactly(new BoxCheck.Problem(
                        true,
                        "ssh:gen-1: /usr/bin/wrk is not there (the run uses it at the same path as on this machine)"));
    }

    @Test
    void eachProblemIsOneLineAndOnlyWhatStopsTheRunBlocksIt() {
        List<BoxCheck.Problem> problems = BoxCheck.judge(
                "ssh:proxy-1",
                report("java version \"1.8.0_402\"", "1024", "128", "32768\t33767", KIT_NOW - 1_500_000_000L),
                2000,
                KIT_NOW,
                KIT_NOW);

        assertThat(problems)
                .extracting(BoxCheck.Problem::line)
                .containsExactly(
                        "ssh:proxy-1: Java 8 is too old (the kit's jars need 17 or later)",
                        "ssh:proxy-1: /usr/bin/wrk is not there (the run uses it at the same path as on this"
                                + " machine)",
                        "ssh:proxy-1: ulimit -n is 1024; 2000 connections need 4100 (raise it in"
                                + " /etc/security/limits.conf or the login's shell profile)",
                        "ssh:proxy-1: net.core.somaxconn = 128, below 2000 for 2000 connections (sysctl/apply.sh"
                                + " there)",
                        "ssh:proxy-1: net.ipv4.ip_local_port_range = 32768 33767 gives 1000 ports, fewer than 2000"
                                + " connections (sysctl/apply.sh there)",
                        "ssh:proxy-1: clock is 1500 ms behind this machine's (run NTP/chrony on both boxes; the boxes'"
                                + " samples are lined up by time)");
        assertThat(problems)
                .extracting(BoxCheck.Problem::blocking)
                .containsExactly(true, true, true, false, false, false);
    }

    @Test
    void sshNoticesAndUnlimitedLimitsAreNoProblem() {
        // read on this very machine 0.8 s into a 0.9 s ssh call: within the call, so no offset at all
        String report = "Warning: Permanently added '[127.0.0.1]:2222' (ED25519) to the list of known hosts.\n"
                + "nofile unlimited\nclock " + (KIT_NOW + 800_000_000L) + "\n";

        assertThat(BoxCheck.judge("ssh:box", report, 100_000, KIT_NOW, KIT_NOW + 900_000_000L))
                .isEmpty();
    }

    @Test
    void readsTheBoxsCoresForTheGeneratorSaturationCheck() {
        assertThat(BoxCheck.cores("java x\ncores 16\nclock 1\n")).contains(16);
        assertThat(BoxCheck.cores("clock 1\n")).isEmpty();
    }

    /** check-box.sh itself, run here as a box would: Java on the PATH, a named old one, a named missing one. */
    @Test
    void javaIsFoundOnThePathOrWhereNamedAndAnOldOrMissingOneRefusesTheRunInOneLine(@TempDir Path dir)
            throws Exception {
        Path old = Files.createDirectories(dir.resolve("jdk-11/bin")).resolve("java");
        Files.writeString(old, "#!/bin/sh\necho 'openjdk version \"11.0.22\" 2024-01-16' >&2\n");
        Files.setPosixFilePermissions(old, PosixFilePermissions.fromString("rwxr-xr-x"));
        long before = System.currentTimeMillis() * 1_000_000L;
        CommandRunner.Result result = CommandRunner.processes(Duration.ofSeconds(30))
                .run(List.of(
                        "sh", "-c", RemoteScripts.CHECK_BOX, "pb", "j:java", "j:" + old, "j:/nonexistent/bin/java"));
        long after = System.currentTimeMillis() * 1_000_000L;

        assertThat(result.output())
                .as("the JDK running this test is on the PATH")
                .containsPattern("(?m)^java .*version \"(17|2\\d)");
        List<BoxCheck.Problem> problems = BoxCheck.judge("ssh:gen-1", result.output(), 10, before, after);
        assertThat(problems)
                .containsExactly(
                        new BoxCheck.Problem(true, "ssh:gen-1: Java 11 is too old (the kit's jars need 17 or later)"),
                        new BoxCheck.Problem(
                                true,
                                "ssh:gen-1: no Java at '/nonexistent/bin/java' (name it with"
                                        + " java = /path/to/java, or <role>.java, in the hosts file)"));
    }
}
