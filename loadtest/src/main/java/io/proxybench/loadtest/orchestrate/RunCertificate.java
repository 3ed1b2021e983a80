package io.proxybench.loadtest.orchestrate;

import io.proxybench.common.tls.PemFiles;
import io.proxybench.common.tls.ThrowAwayPki;
import io.proxybench.loadtest.generator.ClientTls;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.Topology;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A {@code --tls} run's throw-away CA and server certificate, made for the proxy's address (and the
 * loopback names the kit's own probes use), in {@code raw/tls/}: results are never committed, and
 * the key lives no longer than the run needs it. On boxes of their own (hosts topology) the proxy's
 * box gets the certificate and key, and each generator box the CA, at the same paths.
 */
final class RunCertificate {

    static final String DIRECTORY = "tls";

    private RunCertificate() {}

    /** Where the run's files go, whether or not they are written yet. */
    static Path dir(RunFiles run) {
        return run.raw(DIRECTORY);
    }

    /** What the generators are told; null on a plain run. */
    static ClientTls client(RunPlan plan, RunFiles run) {
        return plan.tls().enabled()
                ? new ClientTls(
                        dir(run).resolve(ThrowAwayPki.CA_FILE),
                        plan.tls().resumption().enabled(),
                        plan.tls().client())
                : null;
    }

    /** Writes the files on a {@code --tls} run, and ships them where the roles run; null on a plain run. */
    static PemFiles write(RunPlan plan, RunFiles run, Topology topology) throws IOException {
        if (!plan.tls().enabled()) {
            return null;
        }
        PemFiles pem = ThrowAwayPki.write(dir(run), plan.tls().keyType(), names(topology.addressOf(Role.PROXY)));
        ship(pem, topology);
        return pem;
    }

    /** Each role's box gets what it reads: the proxy its certificate and key, a generator the CA. */
    static void ship(PemFiles pem, Topology topology) throws IOException {
        topology.put(Role.PROXY, pem.certificateChain());
        topology.put(Role.PROXY, pem.privateKey());
        Collection<Topology> generatorBoxes = topology.generatorBoxes().values();
        for (Topology box : generatorBoxes.isEmpty() ? List.of(topology) : generatorBoxes) {
            box.put(Role.GENERATOR, pem.caCertificate());
        }
    }

    static List<String> names(String proxyAddress) {
        List<String> names = new ArrayList<>(List.of(proxyAddress));
        for (String name : List.of("127.0.0.1", "localhost", "::1")) {
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }
}
