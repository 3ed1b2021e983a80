package io.proxybench.loadtest.sysctl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.proxybench.loadtest.proc.SysctlFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * apply.sh, restore.sh and check.sh against a scratch directory standing in for /proc/sys
 * ({@code PROXYBENCH_SYSCTL_ROOT}), plus read-only runs against the real one.
 */
class SysctlScriptsTest {

    private static final Path CONF = ScriptRun.SCRIPTS.resolve("proxybench.conf");

    /** Typical distribution defaults, all below the recommendation. */
    private static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

    static {
        DEFAULTS.put("net.core.rmem_max", "212992");
        DEFAULTS.put("net.core.wmem_max", "212992");
        DEFAULTS.put("net.core.netdev_max_backlog", "1000");
        DEFAULTS.put("net.core.somaxconn", "4096");
        DEFAULTS.put("net.ipv4.tcp_max_syn_backlog", "2048");
        DEFAULTS.put("net.ipv4.ip_local_port_range", "32768\t60999");
        DEFAULTS.put("net.ipv4.tcp_tw_reuse", "2");
    }

    @TempDir
    Path dir;

    private Path root() throws IOException {
        Path root = dir.resolve("proc-sys");
        for (Map.Entry<String, String> e : DEFAULTS.entrySet()) {
            write(root, e.getKey(), e.getValue());
        }
        return root;
    }

    private static void write(Path root, String key, String value) throws IOException {
        Path file = root.resolve(SysctlFile.relativePath(key));
        Files.createDirectories(file.getParent());
        Files.writeString(file, value + "\n");
    }

    private static String value(Path root, String key) throws IOException {
        return SysctlFile.readCurrent(root, key);
    }

    @Test
    void checkListsEveryKeyWithCurrentAndRecommendedAndFailsWhenBelow() throws Exception {
        Path root = root();

        ScriptRun run = ScriptRun.run(root, "check.sh", "--connections", "10");

        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.stdout()).contains("SETTING", "CURRENT", "RECOMMENDED", "STATUS");
        assertThat(run.row("net.core.rmem_max"))
                .contains("212992")
                .contains("8388608")
                .endsWith("BELOW");
        assertThat(run.row("net.core.somaxconn"))
                .contains("4096")
                .contains("5000")
                .endsWith("BELOW");
        assertThat(run.row("net.ipv4.ip_local_port_range"))
                .contains("32768 60999")
                .contains("10240 65535")
                .endsWith("BELOW (narrower range)");
        assertThat(run.row("net.ipv4.tcp_tw_reuse")).endsWith("DIFFERS");
        for (String key : SysctlFile.read(CONF).keySet()) {
            assertThat(run.stdout()).contains(key);
        }
        assertThat(run.row("ulimit -n (10 connections)")).contains("120").endsWith("ok");
        assertThat(run.stdout()).contains("7 below recommendation, 0 unknown");
    }

    @Test
    void checkPassesWhenEverythingIsAtOrAbove() throws Exception {
        Path root = root();
        for (Map.Entry<String, String> e : SysctlFile.read(CONF).entrySet()) {
            write(root, e.getKey(), e.getValue());
        }
        write(root, "net.core.somaxconn", "65535");
        write(root, "net.ipv4.ip_local_port_range", "1024\t65535");

        ScriptRun run = ScriptRun.run(root, "check.sh", "--connections", "10");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.row("net.core.somaxconn")).contains("65535").endsWith("ok");
        assertThat(run.row("net.ipv4.ip_local_port_range")).endsWith("ok");
        assertThat(run.stdout()).contains("0 below recommendation, 0 unknown");
    }

    @Test
    void checkReportsKeysItCannotReadAndGoesOn() throws Exception {
        Path root = root();
        Files.delete(root.resolve("net/core/netdev_max_backlog"));
        Path somaxconn = root.resolve("net/core/somaxconn");
        Files.delete(somaxconn);
        Files.createDirectory(somaxconn);

        ScriptRun run = ScriptRun.run(root, "check.sh", "--connections", "10");

        assertThat(run.row("net.core.netdev_max_backlog")).contains("unknown: not present here");
        assertThat(run.row("net.core.somaxconn")).contains("unknown: cannot read");
        assertThat(run.row("net.ipv4.tcp_tw_reuse")).endsWith("DIFFERS");
        assertThat(run.stdout()).contains("5 below recommendation, 2 unknown");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void checkComparesTheDescriptorLimitWithTheConnectionsAsked() throws Exception {
        ScriptRun run = ScriptRun.run(root(), "check.sh", "--connections", "100000000");

        assertThat(run.row("ulimit -n (100000000 connections)"))
                .contains("200000100")
                .contains("BELOW");
        assertThat(run.exitCode()).isEqualTo(1);
    }

    @Test
    void checkOnTheRealMachineNamesEveryKey() throws Exception {
        ScriptRun run = ScriptRun.run(null, "check.sh");

        assertThat(run.exitCode()).as(run.toString()).isIn(0, 1);
        for (String key : SysctlFile.read(CONF).keySet()) {
            assertThat(run.row(key)).contains(SysctlFile.read(CONF).get(key));
        }
        assertThat(run.stdout()).contains("ulimit -n (2000 connections)");
    }

    @Test
    void badUsageIsExitTwoWithOneLine() throws Exception {
        ScriptRun connections = ScriptRun.run(root(), "check.sh", "--connections", "lots");
        assertThat(connections.exitCode()).isEqualTo(2);
        assertThat(connections.stderr().strip())
                .isEqualTo("check.sh: --connections must be a positive whole number, got 'lots'");

        ScriptRun option = ScriptRun.run(root(), "apply.sh", "--force");
        assertThat(option.exitCode()).isEqualTo(2);
        assertThat(option.stderr()).contains("unknown option '--force'").hasLineCount(1);

        Path conf = dir.resolve("bad.conf");
        Files.writeString(conf, "# fine\nnet.core.somaxconn 5000\n");
        ScriptRun badFile = ScriptRun.run(
                root(),
                "apply.sh",
                "--file",
                conf.toString(),
                "--state",
                dir.resolve("s").toString());
        assertThat(badFile.exitCode()).isEqualTo(2);
        assertThat(badFile.stderr().strip())
                .isEqualTo("apply.sh: " + conf + ":2: expected 'key = value', got: net.core.somaxconn 5000");
        assertThat(dir.resolve("s")).doesNotExist();

        ScriptRun noState = ScriptRun.run(
                root(), "restore.sh", "--state", dir.resolve("missing.state").toString());
        assertThat(noState.exitCode()).isEqualTo(2);
        assertThat(noState.stderr()).contains("no state file at").hasLineCount(1);
    }

    @Test
    void dryRunShowsBeforeAndAfterAndChangesNothing() throws Exception {
        Path root = root();
        Path state = dir.resolve("state");

        ScriptRun run = ScriptRun.run(root, "apply.sh", "--dry-run", "--state", state.toString());

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(run.stdout()).contains("dry run, nothing is changed");
        assertThat(run.row("net.core.somaxconn")).matches("net\\.core\\.somaxconn\\s+4096\\s+-> 5000\\s+would set");
        assertThat(run.row("net.ipv4.ip_local_port_range"))
                .contains("32768 60999")
                .contains("-> 10240 65535");
        for (Map.Entry<String, String> e : DEFAULTS.entrySet()) {
            assertThat(value(root, e.getKey())).isEqualTo(SysctlFile.normalize(e.getValue()));
        }
        assertThat(state).doesNotExist();
    }

    /**
     * Against the real /proc/sys only when the kernel would refuse writes anyway (not root); as
     * root, the same check runs inside a throwaway namespace (SysctlScriptsInNamespaceTest), so a
     * broken dry run could never retune the machine.
     */
    @Test
    void dryRunOnTheRealMachineChangesNothingWhenNotRoot() throws Exception {
        assumeTrue(!isRoot(), "as root this runs inside a throwaway namespace instead");
        assertDryRunChangesNothing(List.of(), dir.resolve("state"));
    }

    /** Runs apply.sh --dry-run on the real /proc/sys of the place {@code prefix} selects. */
    static void assertDryRunChangesNothing(List<String> prefix, Path state) throws Exception {
        Map<String, String> conf = SysctlFile.read(CONF);
        Map<String, String> before = readable(prefix, conf);

        ScriptRun run = ScriptRun.run(null, prefix, "apply.sh", "--dry-run", "--state", state.toString());

        assertThat(run.exitCode()).as(run.toString()).isIn(0, 1);
        assertThat(readable(prefix, conf)).isEqualTo(before);
        assertThat(state).doesNotExist();
        for (String key : conf.keySet()) {
            String row = run.row(key);
            assertThat(row).contains("->");
            if (before.containsKey(key)) {
                assertThat(row).as("before column is the current value").contains(" " + before.get(key) + " ");
            }
        }
    }

    @Test
    void applySavesOriginalsSetsEveryKeyAndRestorePutsThemBack() throws Exception {
        Path root = root();
        Path state = dir.resolve("pb.state");

        ScriptRun apply = ScriptRun.run(root, "apply.sh", "--state", state.toString());

        assertThat(apply.exitCode()).as(apply.toString()).isZero();
        assertThat(apply.row("net.core.rmem_max")).matches("net\\.core\\.rmem_max\\s+212992\\s+-> 8388608\\s+set");
        for (Map.Entry<String, String> e : SysctlFile.read(CONF).entrySet()) {
            assertThat(value(root, e.getKey())).as(e.getKey()).isEqualTo(e.getValue());
        }
        assertThat(Files.readAllLines(state))
                .contains("net.core.rmem_max=212992", "net.ipv4.ip_local_port_range=32768 60999");

        ScriptRun again = ScriptRun.run(root, "apply.sh", "--state", state.toString());
        assertThat(again.row("net.core.rmem_max")).endsWith("unchanged (already set)");
        assertThat(Files.readAllLines(state))
                .as("a second apply keeps the first originals")
                .contains("net.core.rmem_max=212992")
                .doesNotContain("net.core.rmem_max=8388608");

        ScriptRun restore = ScriptRun.run(root, "restore.sh", "--state", state.toString());

        assertThat(restore.exitCode()).as(restore.toString()).isZero();
        assertThat(restore.row("net.core.rmem_max"))
                .matches("net\\.core\\.rmem_max\\s+8388608\\s+-> 212992\\s+restored");
        for (Map.Entry<String, String> e : DEFAULTS.entrySet()) {
            assertThat(value(root, e.getKey())).isEqualTo(SysctlFile.normalize(e.getValue()));
        }
        assertThat(state).doesNotExist();
    }

    @Test
    void applyNamesKeysItCannotSetAndSetsTheRest() throws Exception {
        Path root = root();
        Files.delete(root.resolve("net/core/netdev_max_backlog"));
        Path readOnly = root.resolve("net/core/rmem_max");
        Files.delete(readOnly);
        // a file even root cannot write: the kernel refuses writes to 0444 entries under /proc/sys
        Files.createSymbolicLink(readOnly, Path.of("/proc/sys/fs/file-nr"));
        Path state = dir.resolve("pb.state");

        ScriptRun apply = ScriptRun.run(root, "apply.sh", "--state", state.toString());

        assertThat(apply.exitCode()).as(apply.toString()).isEqualTo(1);
        assertThat(apply.row("net.core.netdev_max_backlog")).contains("skipped: not present here");
        assertThat(apply.row("net.core.rmem_max")).contains("not set: read-only here");
        assertThat(apply.row("net.core.somaxconn")).endsWith("set");
        assertThat(value(root, "net.core.somaxconn")).isEqualTo("5000");
        assertThat(apply.stdout()).contains("5 set, 0 already set, 2 could not be set");

        ScriptRun dryRun = ScriptRun.run(
                root, "apply.sh", "--dry-run", "--state", dir.resolve("other").toString());
        assertThat(dryRun.row("net.core.rmem_max")).contains("would fail: read-only here");
    }

    @Test
    void applyChangesNothingWhenTheStateCannotBeSaved() throws Exception {
        Path root = root();

        ScriptRun apply = ScriptRun.run(
                root, "apply.sh", "--state", dir.resolve("no/such/dir/state").toString());

        assertThat(apply.exitCode()).isEqualTo(1);
        assertThat(apply.stderr()).contains("cannot write state file").contains("nothing changed");
        assertThat(value(root, "net.core.somaxconn")).isEqualTo("4096");
    }

    @Test
    void restoreDryRunShowsWhatWouldChange() throws Exception {
        Path root = root();
        Path state = dir.resolve("pb.state");
        ScriptRun.run(root, "apply.sh", "--state", state.toString());

        ScriptRun dry = ScriptRun.run(root, "restore.sh", "--dry-run", "--state", state.toString());

        assertThat(dry.exitCode()).as(dry.toString()).isZero();
        assertThat(dry.row("net.core.somaxconn"))
                .contains("5000")
                .contains("-> 4096")
                .endsWith("would restore");
        assertThat(value(root, "net.core.somaxconn")).isEqualTo("5000");
        assertThat(state).exists();
    }

    @Test
    void shellcheckFindsNothing() throws Exception {
        assumeTrue(onPath("shellcheck"), "shellcheck is not installed (CI installs it)");
        List<String> scripts = new java.util.ArrayList<>();
        try (Stream<Path> files = Files.list(ScriptRun.SCRIPTS)) {
            files.filter(p -> p.toString().endsWith(".sh"))
                    .sorted()
                    .forEach(p -> scripts.add("sysctl/" + p.getFileName()));
        }
        assertThat(scripts).contains("sysctl/apply.sh", "sysctl/restore.sh", "sysctl/check.sh");

        // as a user runs it, from the repository root; then each script alone
        assertThat(shellcheck(scripts)).isEmpty();
        for (String script : scripts) {
            assertThat(shellcheck(List.of(script))).as(script).isEmpty();
        }
    }

    private static String shellcheck(List<String> scripts) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("shellcheck"));
        command.addAll(scripts);
        Process process = new ProcessBuilder(command)
                .directory(ScriptRun.SCRIPTS.getParent().toFile())
                .redirectErrorStream(true)
                .start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor()).as(output).isZero();
        return output;
    }

    /** The keys' values in the place {@code prefix} selects (read with cat there), skipping absent ones. */
    private static Map<String, String> readable(List<String> prefix, Map<String, String> conf) throws Exception {
        Map<String, String> values = new LinkedHashMap<>();
        for (String key : conf.keySet()) {
            List<String> command = new java.util.ArrayList<>(prefix);
            command.addAll(List.of("cat", "/proc/sys/" + SysctlFile.relativePath(key)));
            Process cat = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            String out = new String(cat.getInputStream().readAllBytes());
            if (cat.waitFor() == 0) {
                values.put(key, SysctlFile.normalize(out));
            }
        }
        return values;
    }

    static boolean isRoot() throws Exception {
        Process id = new ProcessBuilder("id", "-u").start();
        return new String(id.getInputStream().readAllBytes()).strip().equals("0") && id.waitFor() == 0;
    }

    static boolean onPath(String tool) throws InterruptedException {
        try {
            return new ProcessBuilder("sh", "-c", "command -v " + tool).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        }
    }
}
