package io.proxybench.loadtest.proc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** The kernel's CPU-time unit for {@code /proc/<pid>/stat} ({@code getconf CLK_TCK}). */
public final class ClockTicks {

    private static final long LINUX_DEFAULT = 100;

    private ClockTicks() {}

    public static long perSecond() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0) {
                long ticks = Long.parseLong(out);
                if (ticks > 0) {
                    return ticks;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // getconf missing: Linux has used 100 on every common architecture for decades
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return LINUX_DEFAULT;
    }
}
