package io.proxybench.loadtest.machine;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The full version of a {@code java} binary, e.g. {@code 17.0.15+6-Debian-1deb12u1}. */
public final class JdkVersion {

    private static final Pattern BUILD = Pattern.compile("\\(build ([^,)]+)");
    private static final Pattern VERSION = Pattern.compile("version \"([^\"]+)\"");

    private JdkVersion() {}

    public static String of(Path javaBinary) {
        return CommandOutput.of(null, List.of(javaBinary.toString(), "-version"))
                .map(JdkVersion::parse)
                .orElse("unknown (" + javaBinary + " -version failed)");
    }

    /** The runtime's build string from {@code java -version} output, else the quoted version. */
    static String parse(String versionOutput) {
        for (String line : versionOutput.split("\n")) {
            if (line.contains("Runtime Environment")) {
                Matcher m = BUILD.matcher(line);
                if (m.find()) {
                    return m.group(1).trim();
                }
            }
        }
        Matcher m = VERSION.matcher(versionOutput);
        return m.find()
                ? m.group(1)
                : versionOutput.lines().findFirst().orElse("unknown").trim();
    }
}
