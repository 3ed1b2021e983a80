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

    // fieldsAfterName's [0] is field 3 (state): utime is field 14, stime field 15
    private static final int UTIME = 11;
    private static final int STIME = 12;

    /**
     * Sums over a process tree at one moment; {@code cpuTicks} is user + system time, {@code sysTicks}
     * the system (kernel) part of it.
     */
    public record Usage(long rootPid, long cpuTicks, long sysTicks, long rssKb, int threads) {

        /** CPU of one core, 0..100 × cores; null when the readings are of different processes. */
        public Double cpuPctSince(Usage earlier, double seconds, long ticksPerSecond) {
            if (earlier == null || earlier.rootPid != rootPid || seconds <= 0 || cpuTicks < earlier.cpuTicks) {
                return null;
            }
            return 100.0 * cpuSecondsSince(earlier, ticksPerSecond) / seconds;
        }

        /** The kernel's part of {@link #cpuPctSince}; null where that is. */
        public Double sysCpuPctSince(Usage earlier, double seconds, long ticksPerSecond) {
            if (cpuPctSince(earlier, seconds, ticksPerSecond) == null || sysTicks < earlier.sysTicks) {
                return null;
            }
            return 100.0 * sysCpuSecondsSince(earlier, ticksPerSecond) / seconds;
        }

        public double cpuSecondsSince(Usage earlier, long ticksPerSecond) {
            return (double) (cpuTicks - earlier.cpuTicks) / ticksPerSecond;
        }

        public double sysCpuSecondsSince(Usage earlier, long ticksPerSecond) {
            return (double) (sysTicks - earlier.sysTicks) / ticksPerSecond;
        }

        public double rssMb() {
            return rssKb / 1024.0;
        }
    }

    /** One process's own figures. */
    record ProcessFigures(long cpuTicks, long sysTicks, long rssKb, int threads) {
    }

    private final Path procRoot;

    public ProcessSampler(Path procRoot) {
        this.procRoot = procRoot;
    }

    /** Null when the root process is gone. */
    public Usage read(ProcessHandle root) {
        long ticks = 0;
        long sys = 0;
        long rss = 0;
        int threads = 0;
        boolean any = false;
        for (ProcessHandle p : ProcessTrees.tree(root)) {
            try {
                ProcessFigures f = readOne(p.pid());
                ticks += f.cpuTicks();
                sys += f.sysTicks();
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
        return any ? new Usage(root.pid(), ticks, sys, rss, threads) : null;
    }

    ProcessFigures readOne(long pid) throws IOException {
        Path dir = procRoot.resolve(Long.toString(pid));
        String stat = Files.readString(dir.resolve("stat"));
        String status = Files.readString(dir.resolve("status"));
        return new ProcessFigures(parseCpuTicks(stat), parseSysTicks(stat), statusField(status, "VmRSS:"),
                (int) statusField(status, "Threads:"));
    }

    /** utime + stime of a {@code /proc/<pid>/stat} line (fields 14 and 15, counted from 1). */
    public static long parseCpuTicks(String stat) {
        String[] f = fieldsAfterName(stat);
        return Long.parseLong(f[UTIME]) + Long.parseLong(f[STIME]);
    }

    /** stime alone: the time the kernel spent on the process's behalf (system calls, page faults). */
    public static long parseSysTicks(String stat) {
        return Long.parseLong(fieldsAfterName(stat)[STIME]);
    }

    private static String[] fieldsAfterName(String stat) {
        // the command name (field 2) may contain spaces and parentheses: count fields after the last ')'
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("unexpected /proc/<pid>/stat: " + stat);
        }
        return stat.substring(close + 1).trim().split("\\s+");
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
