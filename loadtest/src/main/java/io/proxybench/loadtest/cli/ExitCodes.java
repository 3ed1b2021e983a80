package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.ab.Verdict;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.results.ResultsFormatException;
import java.io.IOException;
import picocli.CommandLine;

/**
 * The kit's exit codes, and the one place an error becomes one: every command lets its failure
 * propagate and {@link ProxybenchMain} prints it as one line and exits with {@link #of}.
 */
public final class ExitCodes {

    /** The command did what it was asked. */
    public static final int OK = CommandLine.ExitCode.OK;
    /** Something failed that the user did not cause: a defect, a file that could not be written. */
    public static final int FAILURE = CommandLine.ExitCode.SOFTWARE;
    /** Bad input: options, a run directory that cannot be read, a run that cannot start here. */
    public static final int BAD_INPUT = CommandLine.ExitCode.USAGE;
    /** {@code compare}: throughput or TP90 moved the wrong way beyond the threshold. */
    public static final int REGRESSION = 1;
    /** {@code run}: the run finished but some steps failed (reasons in steps.json). */
    public static final int STEPS_FAILED = 3;
    /**
     * {@code ab}: some step has fewer undisturbed pairs than a verdict needs (the same number as {@link
     * #STEPS_FAILED}: the run could not measure what was asked).
     */
    public static final int NOT_ENOUGH_SAMPLES = 3;
    /**
     * {@code ab}: a figure got worse by at least the minimum effect, significantly after Holm's correction. Not 1,
     * which picocli and the JVM use for a defect, so that a CI can tell a slower build from a broken kit.
     */
    public static final int SIGNIFICANT_REGRESSION = 4;

    private ExitCodes() {}

    /** A command's failure with the exit code it ends in; the message is one line for the user. */
    public static final class CommandFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int exitCode;

        public CommandFailure(int exitCode, String message) {
            super(message, null, false, false);
            this.exitCode = exitCode;
        }
    }

    /** The exit code of an A/B verdict: 4 for a regression, 3 for none possible, 0 otherwise. */
    public static int of(Verdict verdict) {
        return switch (verdict) {
            case REGRESSION -> SIGNIFICANT_REGRESSION;
            case INCONCLUSIVE -> NOT_ENOUGH_SAMPLES;
            case IMPROVEMENT, NO_CHANGE -> OK;
        };
    }

    /** The exit code a failure ends the command with. */
    public static int of(Throwable failure) {
        if (failure instanceof CommandFailure f) {
            return f.exitCode;
        }
        if (failure instanceof PlanException || failure instanceof ResultsFormatException) {
            return BAD_INPUT;
        }
        return FAILURE;
    }

    /** Whether the failure speaks for itself in its message (a defect also needs its class name). */
    static boolean expected(Throwable failure) {
        return failure instanceof CommandFailure || failure instanceof PlanException || failure instanceof IOException;
    }
}
