package io.proxybench.loadtest.generator;

import io.proxybench.loadtest.process.ChildProcessRegistry;
import io.proxybench.loadtest.topology.Topology;
import java.nio.file.Path;

/**
 * What every generator gets to work with.
 *
 * @param threads   the user's {@code --threads}
 * @param cores     cores the generator may use: its {@code --cpus} list's, else the machine's
 * @param runDir    the run's directory (scripts are copied there, so a run can be repeated by hand)
 * @param tls       the run's CA and resumption on a {@code --tls} run; null on a plain one
 */
public record GeneratorContext(
        Topology topology, ChildProcessRegistry processes, int threads, int cores, Path runDir, ClientTls tls) {

    /** A plain-HTTP run's. */
    public GeneratorContext(Topology topology, ChildProcessRegistry processes, int threads, int cores, Path runDir) {
        this(topology, processes, threads, cores, runDir, null);
    }

    /** The same context for the generator that runs in {@code place}. */
    public GeneratorContext in(Topology place) {
        return new GeneratorContext(place, processes, threads, cores, runDir, tls);
    }
}
