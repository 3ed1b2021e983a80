package io.proxybench.loadtest.topology.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.proc.NetworkProbe;
import io.proxybench.loadtest.process.RecordingRunner;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.TopologyException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Only the commands are checked: nothing here ever reaches a real host. */
class SshTopologyTest {

    private static final HostsFile HOSTS = HostsFile.parse(List.of(
            "generator = local",
            "proxy = ssh:bench@proxy-1",
            "proxy.address = 10.0.0.12",
            "proxy.interface = eno1",
            "origin = ssh:origin-1:2222"), Path.of("hosts.properties"));

    @Test
    void wrapsRemoteCommandsInBatchModeSshWithEachArgumentQuotedForTheRemoteShell() {
        SshTopology topology = new SshTopology(HOSTS, RecordingRunner.allSucceed());

        List<String> wrapped = topology.wrap(Role.PROXY,
                List.of("java", "-Xmx1g", "-jar", "/opt/pb/proxy netty.jar", "--set", "proxy.viaName=it's", "$HOME"));

        assertThat(wrapped).containsExactly("ssh", "-o", "BatchMode=yes", "bench@proxy-1", "--",
                "java -Xmx1g -jar '/opt/pb/proxy netty.jar' --set 'proxy.viaName=it'\\''s' '$HOME'");
        assertThat(topology.wrap(Role.ORIGIN, List.of("true")))
                .containsExactly("ssh", "-o", "BatchMode=yes", "-p", "2222", "origin-1", "--", "true");
    }

    @Test
    void localRolesRunTheCommandAsItIs() {
        SshTopology topology = new SshTopology(HOSTS, RecordingRunner.allSucceed());

        assertThat(topology.wrap(Role.GENERATOR, List.of("wrk", "-c", "700"))).containsExactly("wrk", "-c", "700");
        assertThat(topology.networkProbe(Role.GENERATOR)).isEqualTo(NetworkProbe.local("lo"));
    }

    @Test
    void quotingSurvivesEmptyAndSpecialArguments() {
        assertThat(SshTopology.shellCommand(List.of("echo", "", "a;b", "x\"y", "ok-1.2/3")))
                .isEqualTo("echo '' 'a;b' 'x\"y' ok-1.2/3");
    }

    @Test
    void addressesAndNetworkProbeComeFromTheFile() {
        SshTopology topology = new SshTopology(HOSTS, RecordingRunner.allSucceed());

        assertThat(topology.addressOf(Role.PROXY)).isEqualTo("10.0.0.12");
        assertThat(topology.addressOf(Role.ORIGIN)).isEqualTo("origin-1");
        NetworkProbe probe = topology.networkProbe(Role.PROXY);
        assertThat(probe.interfaceName()).isEqualTo("eno1");
        assertThat(probe.readProcNetDevCommand())
                .containsExactly("ssh", "-o", "BatchMode=yes", "bench@proxy-1", "--", "cat /proc/net/dev");
    }

    @Test
    void setUpProbesEachRemoteBoxAndNamesTheOneThatDoesNotAnswer() {
        RecordingRunner runner = RecordingRunner.failing("origin-1", "ssh: Could not resolve hostname origin-1\n");
        SshTopology topology = new SshTopology(HOSTS, runner);

        assertThatThrownBy(topology::setUp)
                .isInstanceOf(TopologyException.class)
                .hasMessageStartingWith("cannot reach origin at ssh:origin-1:2222")
                .hasMessageEndingWith("Could not resolve hostname origin-1");
        assertThat(runner.joined()).containsExactly(
                "ssh -o BatchMode=yes bench@proxy-1 -- true",
                "ssh -o BatchMode=yes -p 2222 origin-1 -- true");
    }

    @Test
    void aRemoteLoopbackPortIsRefusedAndAReachableOneIsUsedDirectly() throws Exception {
        SshTopology topology = new SshTopology(HOSTS, RecordingRunner.allSucceed());

        assertThatThrownBy(() -> topology.controlEndpoint(Role.PROXY, "127.0.0.1", 9090))
                .isInstanceOf(java.io.IOException.class)
                .hasMessage("proxy runs on ssh:bench@proxy-1: its 127.0.0.1:9090 cannot be reached from here;"
                        + " bind it to 10.0.0.12 or 0.0.0.0");
        assertThat(topology.controlEndpoint(Role.PROXY, "10.0.0.12", 9090).getPort()).isEqualTo(9090);
        assertThat(topology.controlEndpoint(Role.GENERATOR, "127.0.0.1", 9090).getHostString()).isEqualTo("127.0.0.1");
    }

    @Test
    @SuppressWarnings("unchecked")
    void describeRecordsTheHostsFile() {
        Map<String, Object> description = new SshTopology(HOSTS, RecordingRunner.allSucceed()).describe();

        assertThat(description).containsEntry("name", "hosts").containsEntry("hostsFile", "hosts.properties");
        Map<String, Object> proxy = (Map<String, Object>) ((Map<String, Object>) description.get("places")).get("proxy");
        assertThat(proxy).containsEntry("target", "ssh:bench@proxy-1").containsEntry("address", "10.0.0.12");
    }
}
