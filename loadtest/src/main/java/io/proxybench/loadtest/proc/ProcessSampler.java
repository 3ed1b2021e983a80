package io.proxybench.loadtest.proc;

import io.proxybench.loadtest.process.ProcessTrees;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time, resident memory and threads of a process and everything it started (nginx workers,
 * a wrapper's child), from {@code /proc/<pid>/stat} and {@code /proc/<pid>/status}; on request also
 * the CPU time of its JVM compiler and collector threads, from {@code /proc/<pid>/task/<tid>/stat}, and
 * its compiler threads' run time to the nanosecond, from their {@code schedstat}.
 */
public final class ProcessSampler {

    // fieldsAfterName's [0] is field 3 (state): utime is field 14, stime field 15
    private static final int UTIME = 11;
    private static final int STIME = 12;

    /**
     * Sums over a process tree at one moment; {@code cpuTicks} is user + system time, {@code sysTicks}
     * the system (kernel) part of it; {@code compilerTicks} and {@code gcTicks} the parts of
     * {@code cpuTicks} spent by JVM compiler and collector threads ({@link JvmThreadRole}), null unless
     * the reading looked at threads ({@link #readWithThreadRoles}).
     */
    public record Usage(
            long rootPid, long cpuTicks, long sysTicks, long rssKb, int threads, Long compilerTicks, Long gcTicks) {

        /** A reading that did not look at threads. */
        public Usage(long rootPid, long cpuTicks, long sysTicks, long rssKb, int threads) {
            this(rootPid, cpuTicks, sysTicks, rssKb, threads, null, null);
        }

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
    record ProcessFigures(long cpuTicks, long sysTicks, long rssKb, int threads) {}

    /** CPU ticks of one process's threads by role. */
    record RoleTicks(long compiler, long gc) {}

    private final Path procRoot;

    public ProcessSampler(Path procRoot) {
        this.procRoot = procRoot;
    }

    /** Null when the root process is gone. */
    public Usage read(ProcessHandle root) {
        return read(root, false);
    }

    /**
     * As {@link #read}, and the CPU of the tree's JVM compiler and collector threads besides: a read of
     * every thread's stat, meant for a step's start and end rather than every second.
     */
    public Usage readWithThreadRoles(ProcessHandle root) {
        return read(root, true);
    }

    private Usage read(ProcessHandle root, boolean roles) {
        long ticks = 0;
        long sys = 0;
        long rss = 0;
        int threads = 0;
        long compiler = 0;
        long gc = 0;
        boolean any = false;
        for (ProcessHandle p : ProcessTrees.tree(root)) {
            try {
                // threads first, so that their ticks are never ahead of the process's read just after
                RoleTicks r = roles ? readRoles(p.pid()) : null;
                ProcessFigures f = readOne(p.pid());
                ticks += f.cpuTicks();
                sys += f.sysTicks();
                rss += f.rssKb();
                threads += f.threads();
                if (r != null) {
                    compiler += r.compiler();
                    gc += r.gc();
                }
                any = true;
            } catch (IOException | RuntimeException e) {
                // exited between listing and reading
                if (p.pid() == root.pid()) {
                    return null;
                }
            }
        }
        if (!any) {
            return null;
        }
        return roles
                ? new Usage(root.pid(), ticks, sys, rss, threads, compiler, gc)
                : new Usage(root.pid(), ticks, sys, rss, threads);
    }

    /**
     * How long the tree's JVM compiler threads have run, in nanoseconds, from the scheduler's own
     * count ({@code /proc/<pid>/task/<tid>/schedstat}) rather than clock ticks: fine enough for one
     * second's compiling to be told from none. Null when the root is gone or the tree has no compiler
     * thread here (no JVM, or one running on another machine).
     */
    public Long compilerNanos(ProcessHandle root) {
        long nanos = 0;
        boolean any = false;
        for (ProcessHandle p : ProcessTrees.tree(root)) {
            Path tasks = procRoot.resolve(Long.toString(p.pid())).resolve("task");
            try (DirectoryStream<Path> list = Files.newDirectoryStream(tasks)) {
                for (Path task : list) {
                    Long ran = compilerRunNanos(task);
                    if (ran != null) {
                        nanos += ran;
                        any = true;
                    }
                }
            } catch (IOException | RuntimeException e) {
                if (p.pid() == root.pid()) {
                    return null; // exited, or not readable
                }
            }
        }
        return any ? nanos : null;
    }

    /** A compiler thread's time on a CPU (the first field of its schedstat); null for any other thread. */
    private static Long compilerRunNanos(Path task) {
        try {
            if (JvmThreadRole.of(Files.readString(task.resolve("comm")).strip()) != JvmThreadRole.COMPILER) {
                return null;
            }
            String schedstat = Files.readString(task.resolve("schedstat")).strip();
            int end = schedstat.indexOf(' ');
            return Long.parseLong(end < 0 ? schedstat : schedstat.substring(0, end));
        } catch (IOException | NumberFormatException gone) {
            return null; // the thread ended while the directory was read
        }
    }

    /** The CPU ticks of one process's compiler and collector threads, from {@code /proc/<pid>/task/<tid>/stat}. */
    RoleTicks readRoles(long pid) throws IOException {
        long compiler = 0;
        long gc = 0;
        try (DirectoryStream<Path> tasks =
                Files.newDirectoryStream(procRoot.resolve(Long.toString(pid)).resolve("task"))) {
            for (Path task : tasks) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException gone) {
                    continue; // the thread ended while the directory was read
                }
                switch (JvmThreadRole.of(parseName(stat))) {
                    case COMPILER -> compiler += parseCpuTicks(stat);
                    case GC -> gc += parseCpuTicks(stat);
                    default -> {}
                }
            }
        }
        return new RoleTicks(compiler, gc);
    }

    /** The command name of a {@code stat} line (field 2, between the first '(' and the last ')'). */
    static String parseName(String stat) {
        int open = stat.indexOf('(');
        int close = stat.lastIndexOf(')');
        if (open < 0 || close < open) {
            throw new IllegalArgumentException("unexpected /proc/<pid>/stat: " + stat);
        }
        return stat.substring(open + 1, close);
    }

    ProcessFigures readOne(long pid) throws IOException {
        Path dir = procRoot.resolve(Long.toString(pid));
        String stat = Files.readString(dir.resolve("stat"));
        String status = Files.readString(dir.resolve("status"));
        return new ProcessFigures(parseCpuTicks(stat), parseSysTicks(stat), statusField(status, "VmRSS:"), (int)
                statusField(status, "Threads:"));
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
