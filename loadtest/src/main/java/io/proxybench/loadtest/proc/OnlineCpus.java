package io.proxybench.loadtest.proc;

import io.proxybench.loadtest.plan.CpuPinning;
import io.proxybench.loadtest.plan.PlanException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The CPUs this machine can run on: {@code /sys/devices/system/cpu/online} ({@code 0-1}), or
 * 0..availableProcessors-1 where that file cannot be read.
 */
public final class OnlineCpus {

    static final Path ONLINE = Path.of("/sys/devices/system/cpu/online");

    private OnlineCpus() {}

    public static SortedSet<Integer> read() {
        return read(ONLINE, Runtime.getRuntime().availableProcessors());
    }

    static SortedSet<Integer> read(Path file, int availableProcessors) {
        try {
            return CpuPinning.cpus(Files.readString(file).strip(), file.toString());
        } catch (IOException | PlanException e) {
            SortedSet<Integer> cpus = new TreeSet<>();
            for (int cpu = 0; cpu < availableProcessors; cpu++) {
                cpus.add(cpu);
            }
            return cpus;
        }
    }
}
