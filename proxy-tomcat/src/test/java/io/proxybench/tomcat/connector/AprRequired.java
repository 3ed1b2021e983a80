package io.proxybench.tomcat.connector;

import io.proxybench.common.testing.RequiredTool;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Tests of the APR connector need libtcnative-1: they skip with the reason where it cannot load, and
 * fail where {@code PROXYBENCH_REQUIRE} names {@code apr}. On a class, as a condition, it is decided
 * before the class's own {@code @BeforeAll} (which would start the connector), and the skipped class
 * shows in the test report with its reason.
 */
public final class AprRequired implements ExecutionCondition {

    public static final String TOOL = "apr";

    /** Call first in a test that starts the APR connector. */
    public static void assumeAvailable() {
        boolean loadable = NativeLibraryDiagnosis.loadable();
        RequiredTool.assumePresent(TOOL, loadable, loadable ? "" : NativeLibraryDiagnosis.reason());
    }

    /** For tests that take the connector as a parameter. */
    public static void assumeAvailableFor(String connector) {
        if (ConnectorKind.APR.configName().equals(connector)) {
            assumeAvailable();
        }
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return RequiredTool.asCondition(AprRequired::assumeAvailable, "libtcnative-1 loads");
    }
}
