package io.proxybench.loadtest.proc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The open-files limit of this process, which every process the kit starts inherits
 * ({@code Max open files} of {@code /proc/self/limits}); -1 stands for unlimited.
 */
public record OpenFileLimit(long soft, long hard) {

    public static OpenFileLimit read(Path limitsFile) throws IOException {
        return parse(Files.readString(limitsFile));
    }

    public static OpenFileLimit parse(String limits) {
        for (String line : limits.split("\n")) {
            if (line.startsWith("Max open files")) {
                String[] f = line.substring("Max open files".length()).trim().split("\\s+");
                return new OpenFileLimit(value(f[0]), value(f[1]));
            }
        }
        throw new IllegalArgumentException("no 'Max open files' line in the limits file");
    }

    private static long value(String text) {
        return text.equals("unlimited") ? -1 : Long.parseLong(text);
    }
}
