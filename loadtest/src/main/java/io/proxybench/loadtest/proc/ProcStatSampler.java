package io.proxybench.loadtest.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Machine CPU, context switches and run queue from {@code /proc/stat}. */
public final class ProcStatSampler {

    /**
     * One reading. {@code busyTicks} counts user, nice, system, irq, softirq and steal; idle and
     * iowait make up the rest of {@code totalTicks}. Guest time is already inside user time.
     * {@code stealTicks}, part of the busy ticks, is the time the hypervisor ran something else while
     * one of this machine's virtual CPUs wanted to run.
     */
    public record Snapshot(long busyTicks, long totalTicks, long stealTicks, long contextSwitches, int procsRunning) {

        /** Busy share of all cores together between the two readings, 0..100. */
        public Double cpuBusyPctSince(Snapshot earlier) {
            long total = totalTicks - earlier.totalTicks;
            if (total <= 0) {
                return null;
            }
            return Math.max(0, Math.min(100.0, 100.0 * (busyTicks - earlier.busyTicks) / total));
        }

        /** Stolen share of all cores together between the two readings, 0..100. */
        public Double stealPctSince(Snapshot earlier) {
            long total = totalTicks - earlier.totalTicks;
            if (total <= 0) {
                return null;
            }
            return Math.max(0, Math.min(100.0, 100.0 * (stealTicks - earlier.stealTicks) / total));
        }

        public Double contextSwitchesPerSecSince(Snapshot earlier, double seconds) {
            return seconds > 0 ? (contextSwitches - earlier.contextSwitches) / seconds : null;
        }

        /** Runnable tasks now, not counting the task reading the file (it is running while it reads). */
        public double runQueue() {
            return Math.max(0, procsRunning - 1);
        }
    }

    private final Path file;

    public ProcStatSampler(Path procRoot) {
        this.file = procRoot.resolve("stat");
    }

    public Snapshot read() throws IOException {
        return parse(Files.readString(file));
    }

    public static Snapshot parse(String text) {
        long busy = -1;
        long total = -1;
        long stolen = 0;
        long ctxt = -1;
        int running = -1;
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            switch (f[0]) {
                case "cpu" -> {
                    // user nice system idle iowait irq softirq steal [guest guest_nice]
                    long user = at(f, 1);
                    long nice = at(f, 2);
                    long system = at(f, 3);
                    long idle = at(f, 4);
                    long iowait = at(f, 5);
                    long irq = at(f, 6);
                    long softirq = at(f, 7);
                    long steal = at(f, 8);
                    busy = user + nice + system + irq + softirq + steal;
                    total = busy + idle + iowait;
                    stolen = steal;
                }
                case "ctxt" -> ctxt = at(f, 1);
                case "procs_running" -> running = (int) at(f, 1);
                default -> {
                    // per-cpu lines, interrupts, ...: not needed
                }
            }
        }
        if (busy < 0 || ctxt < 0 || running < 0) {
            throw new IllegalArgumentException("/proc/stat lacks the cpu, ctxt or procs_running line");
        }
        return new Snapshot(busy, total, stolen, ctxt, running);
    }

    private static long at(String[] fields, int index) {
        return index < fields.length ? Long.parseLong(fields[index]) : 0;
    }
}
