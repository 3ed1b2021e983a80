package io.proxybench.loadtest.proc;

import io.proxybench.loadtest.process.ProcessTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time, resident memory and threads of a process and everything it started (nginx workers,
 * a wrapper's child), from {@code /proc/<pid>/stat} and {@code /proc/<pid>/status}.
 */
public final class ProcessSampler {

    /** Sums over a process tree at one moment; {@code cpuTicks} is user + system time. */
    public record Usage(long rootPid, long cpuTicks, long rssKb, int threads) {

        /** CPU of one core, 0..100 × cores; null when the readings are of different processes. */
        public Double cpuPctSince(Usage earlier, double seconds, long ticksPerSecond) {
            if (earlier == null || earlier.rootPid != rootPid || seconds <= 0 || cpuTicks < earlier.cpuTicks) {
                return null;
            }
            return 100.0 * cpuSecondsSince(earlier, ticksPerSecond) / seconds;
        }

        public double cpuSecondsSince(Usage earlier, long ticksPerSecond) {
            return (double) (cpuTicks - earlier.cpuTicks) / ticksPerSecond;
        }

        public double rssMb() {
            return rssKb / 1024.0;
        }
    }

    /** One process's own figures. */
    record ProcessFigures(long cpuTicks, long rssKb, int threads) {
    }

    private final Path procRoot;

    public ProcessSampler(Path procRoot) {
        this.procRoot = procRoot;
    }

    /** Null when the root process is gone. */
    public Usage read(ProcessHandle root) {
        long ticks = 0;
        long rss = 0;
        int threads = 0;
        boolean any = false;
        for (ProcessHandle p : ProcessTrees.tree(root)) {
            try {
                ProcessFigures f = readOne(p.pid());
                ticks += f.cpuTicks();
                rss += f.rssKb();
                threads += f.threads();
                any = true;
            } catch (IOException | RuntimeException e) {
                // exited between listing and reading
                if (p.pid() == root.pid()) {
                    return null;
                }
            }
        }
        return any ? new Usage(root.pid(), ticks, rss, threads) : null;
    }

    ProcessFigures readOne(long pid) throws IOException {
        Path dir = procRoot.resolve(Long.toString(pid));
        long ticks = parseCpuTicks(Files.readString(dir.resolve("stat")));
        String status = Files.readString(dir.resolve("status"));
        return new ProcessFigures(ticks, statusField(status, "VmRSS:"), (int) statusField(status, "Threads:"));
    }

    /** utime + stime of a {@code /proc/<pid>/stat} line (fields 14 and 15, counted from 1). */
    public static long parseCpuTicks(String stat) {
        // the command name (field 2) may contain spaces and parentheses: count fields after the last ')'
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("unexpected /proc/<pid>/stat: " + stat);
        }
        String[] f = stat.substring(close + 1).trim().split("\\s+");
        // f[0] is field 3 (state): utime is field 14 -> f[11], stime field 15 -> f[12]
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }

    /** A numeric field of {@code /proc/<pid>/status}, e.g. {@code VmRSS:} in kB; 0 when absent (kernel threads). */
    public static long statusField(String status, String name) {
        for (String line : status.split("\n")) {
            if (line.startsWith(name)) {
                return Long.parseLong(line.substring(name.length()).trim().split("\\s+")[0]);
            }
        }
        return 0;
    }
}
