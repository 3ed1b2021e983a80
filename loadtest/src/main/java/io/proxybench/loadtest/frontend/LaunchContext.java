package io.proxybench.loadtest.frontend;

import io.proxybench.common.tls.PemFiles;
import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.process.ChildProcessRegistry;
import io.proxybench.loadtest.process.KitLayout;
import io.proxybench.loadtest.process.ProcessStartException;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.Topology;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * What the launchers share.
 *
 * @param javaBinary the {@code java} of {@code --java-home}, else the kit's own
 * @param cores      cores the front ends may use (nginx's worker_processes follows it)
 * @param tls        the run's certificate, key and CA on a {@code --tls} run; null on a plain one
 */
public record LaunchContext(
        RunPlan plan,
        Topology topology,
        ChildProcessRegistry processes,
        KitLayout layout,
        Path javaBinary,
        int cores,
        PemFiles tls) {

    /** A plain-HTTP run's. */
    public LaunchContext(
            RunPlan plan,
            Topology topology,
            ChildProcessRegistry processes,
            KitLayout layout,
            Path javaBinary,
            int cores) {
        this(plan, topology, processes, layout, javaBinary, cores, null);
    }

    /** The run's certificate for {@code spec}; null on a plain run and for a variant kept plain ({@code [tls=off]}). */
    public PemFiles tlsFor(FrontEndSpec spec) {
        return tls != null && spec.servesRunTls() ? tls : null;
    }

    /** JVMs with multi-gigabyte heaps and a cold JIT take a while; past this something is wrong. */
    static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    /** Where the kit reaches {@code host:port} of {@code role}'s place. */
    InetSocketAddress control(Role role, String host, int port) throws ProcessStartException {
        try {
            return topology.controlEndpoint(role, host, port);
        } catch (IOException e) {
            throw new ProcessStartException("cannot reach " + host + ":" + port + " of the "
                    + role.name().toLowerCase(Locale.ROOT) + " from the kit: " + e.getMessage());
        }
    }
}
