package io.proxybench.loadtest.generator;

import io.proxybench.loadtest.plan.ConnectionMode;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * One load step as a generator sees it.
 *
 * @param name           file stem of this step's raw files, e.g. {@code 700} or {@code warmup}
 * @param target         URL the load goes to (the front end)
 * @param connections    the step: connections, or requests per second in the open model
 * @param rawDir         where the generator leaves its raw output
 * @param onProcessStart told the generator's process as soon as it runs, so that it is sampled
 */
public record StepRequest(
        String name,
        URI target,
        int connections,
        int durationSec,
        Duration requestTimeout,
        ConnectionMode mode,
        Path rawDir,
        Consumer<ProcessHandle> onProcessStart) {}
