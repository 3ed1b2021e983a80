package io.proxybench.loadtest.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Load averages from {@code /proc/loadavg}. */
public final class LoadAvgSampler {

    /** {@code running}/{@code total}: runnable and all scheduling entities (threads) right now. */
    public record LoadAvg(double load1, double load5, double load15, int running, int total) {}

    private final Path file;

    public LoadAvgSampler(Path procRoot) {
        this.file = procRoot.resolve("loadavg");
    }

    public LoadAvg read() throws IOException {
        return parse(Files.readString(file));
    }

    public static LoadAvg parse(String text) {
        String[] f = text.trim().split("\\s+");
        if (f.length < 4 || !f[3].contains("/")) {
            throw new IllegalArgumentException("unexpected /proc/loadavg: '" + text.trim() + "'");
        }
        String[] tasks = f[3].split("/");
        return new LoadAvg(
                Double.parseDouble(f[0]),
                Double.parseDouble(f[1]),
                Double.parseDouble(f[2]),
                Integer.parseInt(tasks[0]),
                Integer.parseInt(tasks[1]));
    }
}
