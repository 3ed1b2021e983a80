package io.proxybench.loadtest.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Free memory from {@code /proc/meminfo}. The kit reports MemAvailable as "free": MemFree alone
 * falls as the page cache fills and says little about memory pressure.
 */
public final class MemInfoSampler {

    public record MemInfo(long totalKb, long freeKb, long availableKb) {

        public double availableMb() {
            return availableKb / 1024.0;
        }

        public long totalMb() {
            return totalKb / 1024;
        }
    }

    private final Path file;

    public MemInfoSampler(Path procRoot) {
        this.file = procRoot.resolve("meminfo");
    }

    public MemInfo read() throws IOException {
        return parse(Files.readString(file));
    }

    public static MemInfo parse(String text) {
        long total = -1;
        long free = -1;
        long available = -1;
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 2) {
                continue;
            }
            switch (f[0]) {
                case "MemTotal:" -> total = Long.parseLong(f[1]);
                case "MemFree:" -> free = Long.parseLong(f[1]);
                case "MemAvailable:" -> available = Long.parseLong(f[1]);
                default -> {
                    // other counters are not reported
                }
            }
        }
        if (total < 0 || free < 0) {
            throw new IllegalArgumentException("/proc/meminfo lacks MemTotal or MemFree");
        }
        // kernels before 3.14 have no MemAvailable
        return new MemInfo(total, free, available < 0 ? free : available);
    }
}
