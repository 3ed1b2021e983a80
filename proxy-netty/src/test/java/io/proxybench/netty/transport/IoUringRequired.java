package io.proxybench.netty.transport;

import io.netty.channel.uring.IoUring;
import io.proxybench.common.testing.RequiredTool;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Tests of the io_uring transport need a kernel and a sandbox that allow it (containers often filter
 * the syscalls out): they skip with Netty's reason elsewhere, and fail where {@code PROXYBENCH_REQUIRE}
 * names {@code io_uring}. As a class condition it is decided before the class starts a proxy.
 */
public final class IoUringRequired implements ExecutionCondition {

    public static final String TOOL = "io_uring";

    /** Call first in a test that starts a proxy on io_uring. */
    public static void assumeAvailable() {
        Throwable cause = IoUring.unavailabilityCause();
        RequiredTool.assumePresent(
                TOOL, IoUring.isAvailable(), cause == null ? "" : "Netty says: " + cause.getMessage());
    }

    /** For tests that take the transport as a parameter. */
    public static void assumeAvailableFor(String transport) {
        if (Transport.IO_URING.configName().equals(transport)) {
            assumeAvailable();
        }
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return RequiredTool.asCondition(IoUringRequired::assumeAvailable, "io_uring is available");
    }
}
