package io.proxybench.common.testing;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * "This test needs tool X": call {@link #assumePresent} first, from the test or a {@code @BeforeAll}.
 * Where the tool is absent the test is skipped with one line naming the tool and how to get it;
 * where the environment variable {@value #ENV} (a comma list, e.g. {@code apr,wrk,nginx,haproxy})
 * names the tool, its absence fails the test instead, so CI cannot pass by skipping.
 */
public final class RequiredTool {

    /** The environment variable that turns a skip into a failure for the tools it names. */
    public static final String ENV = "PROXYBENCH_REQUIRE";

    private static final Set<String> ANNOUNCED = ConcurrentHashMap.newKeySet();
    private static final PrintStream NATIVE_ERR =
            new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);

    private RequiredTool() {}

    /**
     * @param tool    the short name {@value #ENV} uses, e.g. {@code wrk} or {@code apr}
     * @param present whether the tool was found, by the same check the code under test relies on
     * @param hint    how to get it, or why it is missing, e.g. {@code apt-get install wrk}
     * @throws TestAbortedException  the tool is absent and not required: the test is skipped
     * @throws AssertionFailedError  the tool is absent and {@value #ENV} requires it
     */
    public static void assumePresent(String tool, boolean present, String hint) {
        assumePresent(tool, present, hint, System.getenv(ENV), RequiredTool::announceOnce);
    }

    /**
     * The same check as a JUnit class condition: decided before the class's {@code @BeforeAll} would
     * start what needs the tool, and a skipped class shows in the report with its reason.
     *
     * @param assumption one of the {@code assumePresent} calls
     * @throws AssertionFailedError the tool is absent and {@value #ENV} requires it
     */
    public static ConditionEvaluationResult asCondition(Runnable assumption, String presentReason) {
        try {
            assumption.run();
            return ConditionEvaluationResult.enabled(presentReason);
        } catch (TestAbortedException skipped) {
            return ConditionEvaluationResult.disabled(skipped.getMessage());
        }
    }

    /** Whether {@value #ENV} names {@code tool} in this process's environment. */
    public static boolean isRequired(String tool) {
        return required(System.getenv(ENV)).contains(normalised(tool));
    }

    static void assumePresent(
            String tool, boolean present, String hint, String requireValue, Consumer<String> announce) {
        if (present) {
            return;
        }
        if (required(requireValue).contains(normalised(tool))) {
            throw new AssertionFailedError(
                    tool + " is required (" + ENV + "=" + requireValue + ") but not available: " + hint);
        }
        String line = tool + " is not available: " + hint + "; skipped (" + ENV + "=" + normalised(tool)
                + " makes this a failure)";
        announce.accept(line);
        throw new TestAbortedException(line);
    }

    /**
     * Surefire keeps a skipped test's reason off the console (and redirects the test's own output), so
     * each distinct reason goes to the test JVM's real stderr, once, where the build log shows it.
     */
    private static void announceOnce(String line) {
        if (ANNOUNCED.add(line)) {
            NATIVE_ERR.println("[SKIPPED] " + line);
        }
    }

    static Set<String> required(String requireValue) {
        if (requireValue == null) {
            return Set.of();
        }
        return Arrays.stream(requireValue.split(","))
                .map(RequiredTool::normalised)
                .filter(s -> !s.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }

    private static String normalised(String tool) {
        return tool.strip().toLowerCase(Locale.ROOT);
    }
}
