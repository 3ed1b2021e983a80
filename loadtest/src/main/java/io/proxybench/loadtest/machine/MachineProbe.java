package io.proxybench.loadtest.machine;

import io.proxybench.loadtest.proc.MemInfoSampler;
import io.proxybench.loadtest.proc.OpenFileLimit;
import io.proxybench.loadtest.proc.Sysctls;
import io.proxybench.loadtest.results.MachineDescription;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads the description of the box a run happens on, for run.json's {@code machine} object. */
public final class MachineProbe {

    private MachineProbe() {}

    public static MachineDescription read(Path procRoot, Path javaBinary, OpenFileLimit limit) {
        return new MachineDescription(
                readKernel(),
                readCpuModel(procRoot),
                Runtime.getRuntime().availableProcessors(),
                readMemTotalMb(procRoot),
                JdkVersion.of(javaBinary),
                limit.soft(),
                limit.hard(),
                Sysctls.read(procRoot, Sysctls.RECORDED),
                readTransparentHugePages(procRoot.resolveSibling("sys")));
    }

    /** The selected transparent-huge-pages mode, or null where the kernel has none. */
    static String readTransparentHugePages(Path sysRoot) {
        try {
            return selectedMode(Files.readString(sysRoot.resolve("kernel/mm/transparent_hugepage/enabled")));
        } catch (IOException e) {
            return null;
        }
    }

    /** The kernel lists every mode and brackets the one in force: {@code always [madvise] never}. */
    static String selectedMode(String modes) {
        int open = modes.indexOf('[');
        int close = modes.indexOf(']', open + 1);
        return open >= 0 && close > open ? modes.substring(open + 1, close) : modes.trim();
    }

    private static String readKernel() {
        return CommandOutput.of(null, List.of("uname", "-r"))
                .map(String::trim)
                .orElse(System.getProperty("os.version"));
    }

    static String readCpuModel(Path procRoot) {
        try {
            for (String line : Files.readAllLines(procRoot.resolve("cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException e) {
            // not Linux, or hidden
        }
        return "unknown";
    }

    private static long readMemTotalMb(Path procRoot) {
        try {
            return new MemInfoSampler(procRoot).read().totalMb();
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
