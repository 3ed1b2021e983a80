package io.proxybench.loadtest;

import io.proxybench.common.testing.RequiredTool;
import io.proxybench.loadtest.process.Executables;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.TestAbortedException;

/**
 * Tests that load with wrk: skipped with the reason where wrk is not installed, failed where
 * {@code PROXYBENCH_REQUIRE} names {@code wrk}. As a class condition it is decided before anything of
 * the class runs, and the skipped class shows in the test report with its reason.
 */
public final class WrkRequired implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        try {
            RequiredTool.assumePresent("wrk", Executables.find("wrk").isPresent(), "apt-get install wrk");
            return ConditionEvaluationResult.enabled("wrk is installed");
        } catch (TestAbortedException skipped) {
            return ConditionEvaluationResult.disabled(skipped.getMessage());
        }
    }
}
