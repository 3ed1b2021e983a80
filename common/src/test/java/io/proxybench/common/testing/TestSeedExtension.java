package io.proxybench.common.testing;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * Hands a test method (or its {@code @BeforeEach}) a {@link TestSeed} parameter, the same one for
 * the whole invocation, records it in the test report, and puts it at the head of the test's failure
 * message, whatever failed: an assertion, a future, a timeout. Use with {@code @ExtendWith}.
 */
public final class TestSeedExtension implements ParameterResolver, TestExecutionExceptionHandler {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(TestSeedExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == TestSeed.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return seedOf(context);
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        TestSeed seed = context.getStore(NAMESPACE).get(TestSeed.class, TestSeed.class);
        if (seed == null || thrown instanceof TestAbortedException) {
            throw thrown;
        }
        String message = seed + ": " + thrown;
        if (thrown instanceof AssertionFailedError failed && failed.isExpectedDefined()) {
            throw new AssertionFailedError(
                    seed + ": " + thrown.getMessage(),
                    failed.getExpected().getValue(),
                    failed.getActual().getValue(),
                    thrown);
        }
        throw new AssertionFailedError(message, thrown);
    }

    private static TestSeed seedOf(ExtensionContext context) {
        return context.getStore(NAMESPACE)
                .getOrComputeIfAbsent(
                        TestSeed.class,
                        key -> {
                            TestSeed seed = TestSeed.draw();
                            context.publishReportEntry(TestSeed.PROPERTY, Long.toString(seed.value()));
                            return seed;
                        },
                        TestSeed.class);
    }
}
