package io.proxybench.loadtest.topology.ssh;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Judges what {@code check-box.sh} reported of one box against what the run needs there: the
 * executables its roles start (the same paths as on the kit's machine; Java where the hosts file
 * says, else on the login's PATH), a JDK of at least 17, open
 * files and the listen/port sysctls for the step sizes, and a clock close to the kit's (samples of
 * different boxes are lined up by time). One line per problem; a blocking one refuses the run.
 */
final class BoxCheck {

    /** One problem found on a box. */
    record Problem(boolean blocking, String line) {}

    /** Past this the per-second samples of the box and of the kit no longer line up. */
    static final long CLOCK_WARN_MS = 250;

    private static final int MIN_JAVA = 17;
    private static final Pattern JAVA_VERSION = Pattern.compile("version \"(?:1\\.)?(\\d+)");

    private BoxCheck() {}

    /**
     * @param box         the box as the hosts file names it, for the lines
     * @param report      the script's output
     * @param connections the largest step: descriptors and backlog it needs on the box
     * @param kitBeforeNanos the kit's wall clock (epoch ns) when it started the ssh call
     * @param kitAfterNanos  the kit's wall clock when the call had ended: the box's clock, read
     *                       in between, is off only by how far it lies outside these two
     */
    static List<Problem> judge(String box, String report, int connections, long kitBeforeNanos, long kitAfterNanos) {
        List<Problem> problems = new ArrayList<>();
        for (String line : report.split("\\R")) {
            String[] parts = line.strip().split("\\s+", 3);
            if (parts.length < 2) {
                continue;
            }
            switch (parts[0]) {
                case "file" -> {
                    if (parts.length == 3 && parts[2].equals("missing")) {
                        problems.add(new Problem(
                                true,
                                box + ": " + parts[1] + " is not there (the run uses it"
                                        + " at the same path as on this machine)"));
                    }
                }
                case "java" -> javaVersion(box, line).ifPresent(problems::add);
                case "nojava" ->
                    problems.add(new Problem(
                            true,
                            box + ": no Java at '" + line.strip().substring("nojava ".length())
                                    + "' (name it with java = /path/to/java, or <role>.java,"
                                    + " in the hosts file)"));
                case "nofile" -> openFiles(box, parts[1], connections).ifPresent(problems::add);
                case "sysctl" -> {
                    if (parts.length == 3) {
                        sysctl(box, parts[1], parts[2], connections).ifPresent(problems::add);
                    }
                }
                case "clock" ->
                    clock(box, parts[1], kitBeforeNanos, kitAfterNanos).ifPresent(problems::add);
                default -> {
                    // ssh's own notices (a new known host, say) are not the script's
                }
            }
        }
        return problems;
    }

    /** The box's online cores, from the report's {@code cores N} line. */
    static Optional<Integer> cores(String report) {
        for (String line : report.split("\\R")) {
            String[] parts = line.strip().split("\\s+");
            if (parts.length == 2 && parts[0].equals("cores") && parts[1].matches("\\d{1,5}")) {
                return Optional.of(Integer.parseInt(parts[1]));
            }
        }
        return Optional.empty();
    }

    private static Optional<Problem> javaVersion(String box, String line) {
        Matcher m = JAVA_VERSION.matcher(line);
        if (!m.find()) {
            return Optional.of(new Problem(
                    true,
                    box + ": cannot tell the Java version from '"
                            + line.substring("java ".length()).strip() + "'"));
        }
        int major = Integer.parseInt(m.group(1));
        return major >= MIN_JAVA
                ? Optional.empty()
                : Optional.of(new Problem(
                        true, box + ": Java " + major + " is too old (the kit's jars need " + MIN_JAVA + " or later)"));
    }

    /** One descriptor per client connection and one per pooled origin connection, plus the JVM's own. */
    private static Optional<Problem> openFiles(String box, String value, int connections) {
        long needed = 2L * connections + 100;
        if (value.equals("unlimited")) {
            return Optional.empty();
        }
        try {
            long limit = Long.parseLong(value);
            return limit >= needed
                    ? Optional.empty()
                    : Optional.of(new Problem(
                            true,
                            box + ": ulimit -n is " + limit + "; " + connections + " connections need " + needed
                                    + " (raise it in /etc/security/limits.conf or the login's shell profile)"));
        } catch (NumberFormatException e) {
            return Optional.of(new Problem(false, box + ": cannot read ulimit -n ('" + value + "')"));
        }
    }

    private static Optional<Problem> sysctl(String box, String key, String value, int connections) {
        String name = key.replace('/', '.');
        try {
            if (key.endsWith("ip_local_port_range")) {
                String[] range = value.strip().split("\\s+");
                long width = Long.parseLong(range[1]) - Long.parseLong(range[0]) + 1;
                return width >= connections
                        ? Optional.empty()
                        : Optional.of(new Problem(
                                false,
                                box + ": " + name + " = " + range[0] + " " + range[1] + " gives " + width
                                        + " ports, fewer than " + connections
                                        + " connections (sysctl/apply.sh there)"));
            }
            long current = Long.parseLong(value.strip());
            long wanted = Math.min(connections, 5000);
            return current >= wanted
                    ? Optional.empty()
                    : Optional.of(new Problem(
                            false,
                            box + ": " + name + " = " + current + ", below " + wanted + " for " + connections
                                    + " connections (sysctl/apply.sh there)"));
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            return Optional.empty();
        }
    }

    private static Optional<Problem> clock(String box, String value, long kitBeforeNanos, long kitAfterNanos) {
        try {
            long remote = Long.parseLong(value);
            long offsetMs = remote < kitBeforeNanos
                    ? (remote - kitBeforeNanos) / 1_000_000
                    : remote > kitAfterNanos ? (remote - kitAfterNanos) / 1_000_000 : 0;
            return Math.abs(offsetMs) <= CLOCK_WARN_MS
                    ? Optional.empty()
                    : Optional.of(new Problem(
                            false,
                            box + ": clock is " + Math.abs(offsetMs) + " ms "
                                    + (offsetMs > 0 ? "ahead of" : "behind") + " this machine's (run NTP/chrony on both"
                                    + " boxes; the boxes' samples are lined up by time)"));
        } catch (NumberFormatException e) {
            return Optional.of(new Problem(false, box + ": cannot read its clock ('" + value + "')"));
        }
    }
}
