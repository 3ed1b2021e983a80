package io.proxybench.loadtest.proc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Kernel settings in sysctl.d format ({@code key = value}, {@code #} or {@code ;} comments), read the
 * same way as {@code sysctl/apply.sh} reads them: blanks inside a value collapse to one space, a
 * leading {@code -} on a key is dropped.
 */
public final class SysctlFile {

    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_]+(\\.[A-Za-z0-9_-]+)+");

    private SysctlFile() {}

    /** Key to value, in file order. @throws IllegalArgumentException naming file and line */
    public static Map<String, String> read(Path file) throws IOException {
        return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString());
    }

    static Map<String, String> parse(List<String> lines, String source) {
        Map<String, String> settings = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
                continue;
            }
            String where = source + ":" + (i + 1) + ": ";
            int eq = line.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException(where + "expected 'key = value', got: " + line);
            }
            String key = line.substring(0, eq).strip();
            if (key.startsWith("-")) {
                key = key.substring(1);
            }
            String value = normalize(line.substring(eq + 1));
            if (!KEY.matcher(key).matches()) {
                throw new IllegalArgumentException(where + "not a sysctl key: '" + key + "'");
            }
            if (value.isEmpty()) {
                throw new IllegalArgumentException(where + "no value for " + key);
            }
            settings.put(key, value);
        }
        return Collections.unmodifiableMap(settings);
    }

    /** {@code net.core.somaxconn} → {@code net/core/somaxconn}, relative to {@code /proc/sys}. */
    public static String relativePath(String key) {
        return key.replace('.', '/');
    }

    /**
     * The current value of a key under {@code root} (normally {@code /proc/sys}), normalized.
     * Read with one large read: {@code Files.readString} stops after the first byte on /proc/sys,
     * whose files claim size 0 and answer a read at a non-zero offset with end of file.
     */
    public static String readCurrent(Path root, String key) throws IOException {
        try (InputStream in = Files.newInputStream(root.resolve(relativePath(key)))) {
            return normalize(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    /** Blanks and tabs collapsed to one space: how /proc (tabs) and files (spaces) compare. */
    public static String normalize(String value) {
        return value.strip().replaceAll("\\s+", " ");
    }
}
