package io.proxybench.loadtest.topology.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.RecordingRunner;
import io.proxybench.loadtest.topology.Role;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands only: SshNamespacesRunTest ships to real sshds. */
class JarShipmentTest {

    private static final HostsFile.Place BOX =
            new HostsFile.Place(Role.PROXY, false, "bench", "proxy-1", 2222, "proxy-1", "eth0");

    private static RecordingRunner boxWith(String checkReport) {
        return new RecordingRunner(command -> String.join(" ", command).contains("rsync yes")
                ? new CommandRunner.Result(0, checkReport)
                : new CommandRunner.Result(0, ""));
    }

    @Test
    void copiesWithRsyncOverTheSameSshWhenBothEndsHaveItAndNamesTheShippedPaths(@TempDir Path dir) throws Exception {
        Path jar = Files.writeString(dir.resolve("proxy-netty.jar"), "netty");
        RecordingRunner runner = boxWith("rsync yes\n");
        JarShipment shipment = new JarShipment(new SshCommands(dir.resolve("ssh.conf")), runner, ".cache/pb", true);

        JarShipment.Shipped shipped = shipment.ship(BOX, List.of(jar));

        assertThat(shipped.remotePaths()).containsEntry(jar, ".cache/pb/files/proxy-netty.jar");
        assertThat(runner.commands()).hasSize(2);
        assertThat(runner.commands().get(1))
                .containsExactly(
                        "rsync",
                        "-e",
                        "ssh -F " + dir.resolve("ssh.conf") + " -o BatchMode=yes -p 2222",
                        "--times",
                        jar.toString(),
                        "bench@proxy-1:.cache/pb/files/proxy-netty.jar");
        assertThat(shipped.line())
                .isEqualTo("ssh:bench@proxy-1:2222: copied proxy-netty.jar (0 MB) to .cache/pb/files"
                        + " with rsync over ssh");
    }

    @Test
    void skipsAFileTheBoxHasWithTheSameChecksum(@TempDir Path dir) throws Exception {
        Path jar = Files.writeString(dir.resolve("stub-origin.jar"), "origin");
        JarShipment probe = new JarShipment(new SshCommands(null), RecordingRunner.allSucceed(), "pb", true);
        RecordingRunner runner = boxWith("rsync yes\nsum " + probe.sha256(jar) + " stub-origin.jar\n");

        JarShipment.Shipped shipped =
                new JarShipment(new SshCommands(null), runner, "pb", true).ship(BOX, List.of(jar));

        assertThat(runner.commands()).as("the check only").hasSize(1);
        assertThat(shipped.line()).endsWith("are already there (same sha256): nothing copied");
    }

    @Test
    void withoutRsyncOnTheBoxPipesTheFileThroughSshAndSaysWhy(@TempDir Path dir) throws Exception {
        Path jar = Files.writeString(dir.resolve("proxy-netty.jar"), "netty");
        RecordingRunner runner =
                new RecordingRunner(command -> new CommandRunner.Result(0, "sum 0000 proxy-netty.jar\n"));

        JarShipment.Shipped shipped =
                new JarShipment(new SshCommands(null), runner, "pb", true).ship(BOX, List.of(jar));

        List<String> copy = runner.commands().get(1);
        assertThat(copy.subList(0, 5))
                .containsExactly("sh", "-c", "f=$1; shift; exec \"$@\" < \"$f\"", "pb", jar.toString());
        assertThat(copy.subList(5, 11)).containsExactly("ssh", "-o", "BatchMode=yes", "-p", "2222", "bench@proxy-1");
        assertThat(copy.get(copy.size() - 1)).endsWith(" pb pb/files/proxy-netty.jar");
        assertThat(shipped.line()).contains("with ssh cat (no rsync on the box)");
    }

    @Test
    void theReceivingScriptReplacesTheFileOnlyWhenComplete(@TempDir Path dir) throws Exception {
        Path target = dir.resolve("x.jar");
        CommandRunner.Result result = CommandRunner.processes(java.time.Duration.ofSeconds(10))
                .run(List.of(
                        "sh",
                        "-c",
                        "printf data | sh -c \"$0\" pb \"$1\"",
                        RemoteScripts.SHIP_RECEIVE,
                        target.toString()));

        assertThat(result.ok()).as(result.output()).isTrue();
        assertThat(target).hasContent("data");
        assertThat(dir.resolve("x.jar.part")).doesNotExist();
    }

    @Test
    void theCheckScriptReportsTheSumsOfTheFilesAlreadyThere(@TempDir Path dir) throws Exception {
        Path files = dir.resolve("files");
        Files.createDirectories(files);
        Path jar = Files.writeString(files.resolve("a.jar"), "a");
        String sum = new JarShipment(new SshCommands(null), RecordingRunner.allSucceed(), "pb", true).sha256(jar);

        String report = CommandRunner.processes(java.time.Duration.ofSeconds(10))
                .run(List.of("sh", "-c", RemoteScripts.SHIP_CHECK, "pb", files.toString(), "a.jar", "b.jar"))
                .output();

        assertThat(report.lines()).contains("sum " + sum + " a.jar").noneMatch(l -> l.contains("b.jar"));
    }

    @Test
    void fetchesAFileTheBoxWroteToTheSamePathHereAndSaysWhenThereIsNone(@TempDir Path dir) throws Exception {
        Path there = Files.writeString(dir.resolve("written-on-the-box.hlog"), "histograms");
        Path here = dir.resolve("raw/loadgen-20.hlog");
        Files.createDirectories(here.getParent());
        // the box is this machine: the remote command (the last word) runs under sh instead of ssh
        CommandRunner local = command -> {
            int ssh = command.indexOf("ssh");
            List<String> run = new java.util.ArrayList<>(command.subList(0, ssh));
            run.addAll(List.of("sh", "-c", command.get(command.size() - 1).replace(here.toString(), there.toString())));
            return CommandRunner.processes(java.time.Duration.ofSeconds(10)).run(run);
        };
        JarShipment shipment = new JarShipment(new SshCommands(null), local, "pb", true);

        assertThat(shipment.fetch(BOX, here)).isTrue();
        assertThat(here).hasContent("histograms");
        assertThat(shipment.fetch(BOX, dir.resolve("raw/none.hlog"))).isFalse();
        assertThat(dir.resolve("raw/none.hlog")).doesNotExist();
        assertThat(dir.resolve("raw/none.hlog.part")).doesNotExist();
    }

    @Test
    void putsARenderedConfigAtTheSamePathOnTheBoxMakingItsDirectory(@TempDir Path dir) throws Exception {
        Path here = Files.writeString(dir.resolve("nginx.conf"), "worker_processes 2;\n");
        Path there = dir.resolve("box/run/raw/nginx/nginx.conf");
        // the box is this machine: the remote command (the last word) runs under sh instead of ssh, with the
        // box's path in place of the same path here
        CommandRunner local = command -> {
            int ssh = command.indexOf("ssh");
            List<String> run = new java.util.ArrayList<>(command.subList(0, ssh));
            run.addAll(List.of("sh", "-c", command.get(command.size() - 1).replace(here.toString(), there.toString())));
            return CommandRunner.processes(java.time.Duration.ofSeconds(10)).run(run);
        };

        new JarShipment(new SshCommands(null), local, "pb", true).put(BOX, here);

        assertThat(there).hasContent("worker_processes 2;");
    }
}
