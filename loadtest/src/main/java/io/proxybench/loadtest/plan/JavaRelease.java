package io.proxybench.loadtest.plan;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The Java feature release a run's proxies start on: {@code --java-home}'s, else the kit's own. */
public final class JavaRelease {

    /** The first release whose virtual threads are not a preview. */
    public static final int VIRTUAL_THREADS = 21;

    private static final Pattern JAVA_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(?:1\\.)?(\\d+)");

    private JavaRelease() {}

    /** From {@code javaHome}'s {@code release} file; 0 when it cannot be read. */
    public static int feature(Path javaHome) {
        if (javaHome == null) {
            return Runtime.version().feature();
        }
        try {
            Matcher m = JAVA_VERSION.matcher(Files.readString(javaHome.resolve("release"), StandardCharsets.UTF_8));
            return m.find() ? Integer.parseInt(m.group(1)) : 0;
        } catch (IOException e) {
            return 0;
        }
    }
}
