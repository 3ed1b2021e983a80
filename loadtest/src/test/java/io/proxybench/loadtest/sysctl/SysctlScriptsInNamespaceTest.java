package io.proxybench.loadtest.sysctl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.proxybench.loadtest.proc.SysctlFile;
import io.proxybench.loadtest.topology.netns.LinkShaping;
import io.proxybench.loadtest.topology.netns.NetnsSupport;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scripts under {@code ip netns exec}: they tune that namespace only. Needs root; skips otherwise. */
class SysctlScriptsInNamespaceTest {

    private final String namespace =
            "pb-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt(1 << 24), 6) + "-sysctl";
    private boolean created;

    @BeforeEach
    void createNamespace() throws Exception {
        assumeTrue(NetnsSupport.unavailableReason(LinkShaping.none()).isEmpty(), "needs root and ip");
        created = new ProcessBuilder("ip", "netns", "add", namespace).start().waitFor() == 0;
        assumeTrue(created, "ip netns add does not work here");
    }

    @AfterEach
    void deleteNamespace() throws Exception {
        if (created) {
            assertThat(new ProcessBuilder("ip", "netns", "delete", namespace)
                            .start()
                            .waitFor())
                    .isZero();
        }
    }

    @Test
    void dryRunChangesNothing(@TempDir Path dir) throws Exception {
        SysctlScriptsTest.assertDryRunChangesNothing(List.of("ip", "netns", "exec", namespace), dir.resolve("state"));
    }

    @Test
    void applyAndRestoreChangeTheNamespaceAndLeaveTheMachineAlone(@TempDir Path dir) throws Exception {
        Path proc = Path.of("/proc/sys");
        String machineSomaxconn = SysctlFile.readCurrent(proc, "net.core.somaxconn");
        List<String> inside = List.of("ip", "netns", "exec", namespace);
        String state = dir.resolve("ns.state").toString();
        String nsBefore = ScriptRun.run(null, inside, "check.sh")
                .row("net.core.somaxconn")
                .split("\\s+")[1];

        ScriptRun apply = ScriptRun.run(null, inside, "apply.sh", "--state", state);

        assertThat(apply.stdout()).as(apply.toString()).contains("namespace: " + namespace);
        assertThat(apply.row("net.core.somaxconn")).endsWith("set");
        assertThat(ScriptRun.run(null, inside, "check.sh").row("net.core.somaxconn"))
                .contains("5000")
                .endsWith("ok");
        assertThat(SysctlFile.readCurrent(proc, "net.core.somaxconn")).isEqualTo(machineSomaxconn);

        ScriptRun restore = ScriptRun.run(null, inside, "restore.sh", "--state", state);

        assertThat(restore.row("net.core.somaxconn")).as(restore.toString()).endsWith("restored");
        assertThat(ScriptRun.run(null, inside, "check.sh")
                        .row("net.core.somaxconn")
                        .split("\\s+")[1])
                .isEqualTo(nsBefore);
    }
}
