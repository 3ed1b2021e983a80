package io.proxybench.loadtest.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.common.tls.KeyType;
import io.proxybench.common.tls.PemFiles;
import io.proxybench.common.tls.ThrowAwayPki;
import io.proxybench.loadtest.proc.NetworkProbe;
import io.proxybench.loadtest.topology.LoopbackTopology;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.Topology;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCertificateTest {

    @TempDir
    Path dir;

    @Test
    void theProxysBoxGetsTheCertificateAndKeyAndEveryGeneratorBoxTheCa() throws Exception {
        PemFiles pem = ThrowAwayPki.write(dir, KeyType.ECDSA_P256, List.of("10.0.0.12"));
        List<String> puts = new ArrayList<>();
        Map<String, Topology> generatorBoxes = new LinkedHashMap<>();
        generatorBoxes.put("ssh:gen-1", new PutRecorder("gen-1", puts, Map.of()));
        generatorBoxes.put("ssh:gen-2", new PutRecorder("gen-2", puts, Map.of()));

        RunCertificate.ship(pem, new PutRecorder("whole", puts, generatorBoxes));

        assertThat(puts)
                .containsExactly(
                        "whole PROXY " + pem.certificateChain().getFileName(),
                        "whole PROXY " + pem.privateKey().getFileName(),
                        "gen-1 GENERATOR " + ThrowAwayPki.CA_FILE,
                        "gen-2 GENERATOR " + ThrowAwayPki.CA_FILE);
    }

    @Test
    void withOneGeneratorPlaceTheTopologyItselfPutsTheCa() throws Exception {
        PemFiles pem = ThrowAwayPki.write(dir, KeyType.ECDSA_P256, List.of("127.0.0.1"));
        List<String> puts = new ArrayList<>();

        RunCertificate.ship(pem, new PutRecorder("one", puts, Map.of()));

        assertThat(puts).endsWith("one GENERATOR " + ThrowAwayPki.CA_FILE).hasSize(3);
    }

    /** Loopback that writes down each file put on a role's box, as "BOX ROLE FILE". */
    private static final class PutRecorder implements Topology {
        private final Topology loopback = new LoopbackTopology();
        private final String box;
        private final List<String> puts;
        private final Map<String, Topology> generatorBoxes;

        PutRecorder(String box, List<String> puts, Map<String, Topology> generatorBoxes) {
            this.box = box;
            this.puts = puts;
            this.generatorBoxes = generatorBoxes;
        }

        @Override
        public void put(Role role, Path file) {
            puts.add(box + " " + role + " " + file.getFileName());
        }

        @Override
        public Map<String, Topology> generatorBoxes() {
            return generatorBoxes;
        }

        @Override
        public String name() {
            return "hosts";
        }

        @Override
        public void setUp() {
            // nothing to create
        }

        @Override
        public String addressOf(Role role) {
            return loopback.addressOf(role);
        }

        @Override
        public List<String> wrap(Role role, List<String> command) {
            return command;
        }

        @Override
        public NetworkProbe networkProbe(Role role) {
            return loopback.networkProbe(role);
        }

        @Override
        public void close() {
            // nothing to remove
        }
    }
}
