package io.proxybench.loadtest.profile;

import io.proxybench.loadtest.process.CommandRunner;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Makes every thread of another JVM start a fresh TLAB by one collection ({@code jcmd <pid> GC.run}).
 *
 * <p>Why: HotSpot's allocation sampler (JVMTI SampledObjectAlloc, which async-profiler's {@code --alloc}
 * uses on JDK 11+) only places its next sample point when a thread takes a new TLAB. Armed by an
 * attach in the middle of a JVM's life, it sees nothing until each thread has used up the TLAB it
 * already holds, and a proxy's event-loop threads allocate a few hundred KB a second into TLABs of
 * several MB: a step of a few seconds ended with no allocation sample at all. A collection retires
 * every TLAB, so sampling covers all threads from the first request of the step.
 */
public final class TlabRefill {

    /** A full collection of a mostly empty heap, plus jcmd's own start and attach. */
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final Path jcmd;
    private final CommandRunner runner;

    public TlabRefill(Path jcmd, CommandRunner runner) {
        this.jcmd = jcmd;
        this.runner = runner;
    }

    /** Through the jcmd of {@code javaHome}, else of the JDK running the kit. */
    public static Optional<TlabRefill> find(Path javaHome) {
        return JdkTools.jcmd(javaHome).map(path -> new TlabRefill(path, CommandRunner.processes(TIMEOUT)));
    }

    public void collect(long pid) throws ProfilerException {
        JcmdCommand.run(runner, jcmd, pid, "GC.run");
    }
}
