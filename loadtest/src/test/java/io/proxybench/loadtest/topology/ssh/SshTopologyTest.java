package io.proxybench.loadtest.topology.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.proc.NetworkProbe;
import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.RecordingRunner;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.TopologyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Only the commands are checked: nothing here ever reaches a real host (SshLoopbackRunTest does). */
class SshTopologyTest {

    private static final HostsFile HOSTS = HostsFile.parse(
            List.of(
                    "generator = local",
                    "proxy = ssh:bench@proxy-1",
                    "proxy.address = 10.0.0.12",
                    "proxy.interface = eno1",
                    "origin = ssh:origin-1:2222"),
            Path.of("hosts.properties"));

    @Test
    void wrapsRemoteCommandsInBatchModeSshUnderTheRunWrapperWithEachArgumentQuotedForTheRemoteShell() {
        SshTopology topology = new SshTopology(HOSTS, RecordingRunner.allSucceed(), "abc123");

        List<String> wrapped = topology.wrap(
                Role.PROXY,
                List.of("java", "-Xmx1g", "-jar", "/opt/pb/proxy netty.jar", "--set", "proxy.viaName=it's", "$HOME"));

        assertThat(wrapped.subList(0, 5)).containsExactly("ssh", "-o", "BatchMode=yes", "bench@proxy-1", "--");
        assertThat(wrapped).hasSize(6);
        assertThat(wrapped.get(5))
                .startsWith("sh -c '")
                .endsWith("' pb .cache/proxybench/runs/abc123 abc123 proxy"
                        + " java -Xmx1g -jar '/opt/pb/proxy netty.jar' --set 'proxy.viaName=it'\\''s' '$HOME'");
        assertThat(topology.wrap(Role.ORIGIN, List.of("true")).subList(0, 7))
                .containsExactly("ssh", "-o", "BatchMode=yes", "-p", "2222", "origin-1", "--");
    }

    @Test
    void theWrappedCommandRunsWithItsArgumentsIntactAndLeavesItsPidInTheRunState(@TempDir Path dir) throws Exception {
        HostsFile hosts = HostsFile.parse(
                List.of("generator=local", "proxy=ssh:box", "origin=ssh:box", "remote.dir=" + dir), Path.of("hosts"));
        List<String> wrapped = new SshTopology(hosts, RecordingRunner.allSucceed(), "abc123")
                .wrap(Role.PROXY, List.of("sh", "-c", "echo \"[$1] [$2] $PROXYBENCH_RUN\"", "x", "it's", "$HOME"));

        // what the remote login shell would do with the command string: run it with sh -c
        CommandRunner.Result result = CommandRunner.processes(java.time.Duration.ofSeconds(10))
                .run(List.of("sh", "-c", wrapped.get(wrapped.size() - 1)));

        assertThat(result.output()).isEqualTo("[it's] [$HOME] abc123\n");
        assertThat(Files.readString(dir.resolve("runs/abc123/pids"))).matches("\\d+\\n");
        assertThat(dir.resolve("runs/abc123/proxy.pid"))
                .content()
                .isEqualTo(Files.readString(dir.resolve("runs/abc123/pids")));
    }

    @Test
    void anEnvironmentTravelsInTheRemoteCommandForRemoteRolesOnly(@TempDir Path dir) throws Exception {
        HostsFile hosts = HostsFile.parse(
                List.of("generator=ssh:box", "proxy=ssh:box", "origin=ssh:box", "remote.dir=" + dir), Path.of("hosts"));
        SshTopology topology = new SshTopology(hosts, RecordingRunner.allSucceed(), "abc123");
        List<String> wrapped = topology.wrap(
                Role.GENERATOR,
                List.of("sh", "-c", "echo \"$WRK_JSON|$B\""),
                Map.of("WRK_JSON", "/tmp/run dir/wrk-700.json", "B", "it's"));

        CommandRunner.Result result = CommandRunner.processes(java.time.Duration.ofSeconds(10))
                .run(List.of("sh", "-c", wrapped.get(wrapped.size() - 1)));

        assertThat(result.output()).isEqualTo("/tmp/run dir/wrk-700.json|it's\n");
        assertThat(new SshTopology(HOSTS, RecordingRunner.allSucceed(), "abc123")
                        .wrap(Role.GENERATOR, List.of("wrk"), Map.of("WRK_JSON", "x")))
                .containsExactly("wrk");
    }

    @Test
    void anSshConfigGoesToEveryCallAsDashF(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("ssh.conf"), "Host *\n");
        Path file = dir.resolve("hosts");
        Files.writeString(
                file, "generator=local\nproxy=ssh:a@box:2200\norigin=ssh:a@box:2200\nssh.config = ssh.conf\n");
        RecordingRunner runner = RecordingRunner.allSucceed();
        SshTopology topology = new SshTopology(HostsFile.read(file), runner, "abc123");

        topology.setUp();
        topology.close();

        String config = dir.resolve("ssh.conf").toString();
        assertThat(topology.wrap(Role.PROXY, List.of("true")).subList(0, 8))
                .containsExactly("ssh", "-F", config, "-o", "BatchMode=yes", "-p", "2200", "a@box");
        assertThat(topology.networkProbe(Role.ORIGIN).readProcNetDevCommand())
                .containsExactly(
                        "ssh", "-F", config, "-o", "BatchMode=yes", "-p", "2200", "a@box", "--", "cat /proc/net/dev");
        assertThat(runner.commands())
                .isNotEmpty()
                .allSatisfy(c -> assertThat(c.subList(0, 3)).containsExactly("ssh", "-F", config));
        // one box for two roles: probed, checked, cleaned, registered and cleaned again once each
        assertThat(runner.joined()).hasSize(5);
        assertThat(runner.joined().get(0)).endsWith("a@box -- true");
    }

    @Test
    void localRolesRunTheCommandAsItIs() {
        SshTopology topology = new SshTopology(HOSTS, RecordingRunner.allSucceed(), "abc123");

        assertThat(topology.wrap(Role.GENERATOR, List.of("wrk", "-c", "700"))).containsExactly("wrk", "-c", "700");
        assertThat(topology.networkProbe(Role.GENERATOR)).isEqualTo(NetworkProbe.local("lo"));
    }

    @Test
    void quotingSurvivesEmptyAndSpecialArguments() {
        assertThat(SshCommands.shellCommand(List.of("echo", "", "a;b", "x\"y", "ok-1.2/3")))
                .isEqualTo("echo '' 'a;b' 'x\"y' ok-1.2/3");
    }

    @Test
    void addressesAndNetworkProbeComeFromTheFile() {
        SshTopology topology = new SshTopology(HOSTS, RecordingRunner.allSucceed(), "abc123");

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
        SshTopology topology = new SshTopology(HOSTS, runner, "abc123");

        assertThatThrownBy(topology::setUp)
                .isInstanceOf(TopologyException.class)
                .hasMessageStartingWith("cannot reach origin at ssh:origin-1:2222")
                .hasMessageEndingWith("Could not resolve hostname origin-1");
        assertThat(runner.joined())
                .containsExactly(
                        "ssh -o BatchMode=yes bench@proxy-1 -- true", "ssh -o BatchMode=yes -p 2222 origin-1 -- true");
    }

    @Test
    void portsOnAReachableAddressOrOnThisMachinesLoopbackAreUsedDirectly() throws Exception {
        SshTopology topology = new SshTopology(HOSTS, RecordingRunner.allSucceed(), "abc123");
        SshTopology onThisMachine = new SshTopology(
                HostsFile.parse(
                        List.of("generator=local", "proxy=ssh:127.0.0.1:2222", "origin=ssh:127.0.0.1:2222"),
                        Path.of("hosts")),
                RecordingRunner.allSucceed(),
                "abc123");

        assertThat(topology.controlEndpoint(Role.PROXY, "10.0.0.12", 9090).getPort())
                .isEqualTo(9090);
        assertThat(topology.controlEndpoint(Role.GENERATOR, "127.0.0.1", 9090).getHostString())
                .isEqualTo("127.0.0.1");
        assertThat(onThisMachine.controlEndpoint(Role.PROXY, "127.0.0.1", 9090).getPort())
                .isEqualTo(9090);
    }

    @Test
    @SuppressWarnings("unchecked")
    void describeRecordsTheHostsFile() {
        Map<String, Object> description = new SshTopology(HOSTS, RecordingRunner.allSucceed(), "abc123").describe();

        assertThat(description)
                .containsEntry("name", "hosts")
                .containsEntry("hostsFile", "hosts.properties")
                .containsEntry("runId", "abc123")
                .containsEntry("remoteDir", ".cache/proxybench");
        Map<String, Object> proxy =
                (Map<String, Object>) ((Map<String, Object>) description.get("places")).get("proxy");
        assertThat(proxy).containsEntry("target", "ssh:bench@proxy-1").containsEntry("address", "10.0.0.12");
    }

    @Test
    void eachGeneratorBoxHasAViewThatRunsTheGeneratorThere() {
        HostsFile hosts = HostsFile.parse(
                List.of("generator = ssh:gen-1, ssh:gen-2", "proxy = ssh:proxy-1", "origin = ssh:proxy-1"),
                Path.of("hosts"));
        SshTopology topology = new SshTopology(hosts, RecordingRunner.allSucceed(), "abc123");

        Map<String, io.proxybench.loadtest.topology.Topology> boxes = topology.generatorBoxes();

        assertThat(boxes).containsOnlyKeys("ssh:gen-1", "ssh:gen-2");
        assertThat(boxes.get("ssh:gen-2").wrap(Role.GENERATOR, List.of("wrk"), Map.of("A", "1")))
                .contains("gen-2")
                .last()
                .asString()
                .contains(" generator env A=1 wrk");
        assertThat(boxes.get("ssh:gen-2").wrap(Role.PROXY, List.of("true"))).contains("proxy-1");
        assertThat(topology.hostSamplers()).containsOnlyKeys("ssh:gen-1", "ssh:proxy-1", "ssh:gen-2");
        assertThat(new SshTopology(HOSTS, RecordingRunner.allSucceed(), "abc123").generatorBoxes())
                .as("one generator box: nothing to split")
                .isEmpty();
    }

    @Test
    void setUpShipsEachBoxItsJarsBeforeCheckingThemAndCommandsNameTheShippedCopy(@TempDir Path dir) throws Exception {
        Path jar = Files.writeString(dir.resolve("proxy-netty.jar"), "netty");
        HostsFile hosts = HostsFile.parse(
                List.of(
                        "generator = local",
                        "proxy = ssh:proxy-1",
                        "proxy.address = 10.0.0.2",
                        "origin = ssh:origin-1",
                        "remote.dir = /srv/pb"),
                Path.of("hosts"));
        RecordingRunner runner = RecordingRunner.allSucceed();
        BoxNeeds needs = new BoxNeeds(Map.of(), Map.of(Role.PROXY, List.of(jar)), 10);
        SshTopology topology = new SshTopology(hosts, runner, "abc123", needs);

        topology.setUp();

        List<String> calls = runner.joined();
        int copy = indexOf(calls, "/srv/pb/files/proxy-netty.jar");
        int check = indexOf(calls, "r:/srv/pb/files/proxy-netty.jar");
        assertThat(copy).as("copied").isNotNegative();
        assertThat(check).as("checked at the shipped path, after the copy").isGreaterThan(copy);
        assertThat(topology.wrap(Role.PROXY, List.of("java", "-jar", jar.toString()))
                        .get(5))
                .endsWith(" proxy java -jar /srv/pb/files/proxy-netty.jar");
        assertThat(topology.wrap(Role.ORIGIN, List.of("java", "-jar", jar.toString()))
                        .get(5))
                .as("the origin's box got nothing shipped")
                .endsWith(" origin java -jar " + jar);
        assertThat(topology.describe().get("shipping").toString()).contains("ssh:proxy-1: copied proxy-netty.jar");
        topology.close();
    }

    private static int indexOf(List<String> calls, String fragment) {
        for (int i = 0; i < calls.size(); i++) {
            if (calls.get(i).contains(fragment)) {
                return i;
            }
        }
        return -1;
    }

    @Test
    void theKitsJavaBecomesEachBoxsJavaAndTheCheckLooksForThatOne() {
        HostsFile hosts = HostsFile.parse(
                List.of(
                        "generator = local",
                        "proxy = ssh:proxy-1",
                        "origin = ssh:origin-1",
                        "proxy.address = 10.0.0.12",
                        "proxy.java = /opt/jdk-21/bin/java"),
                Path.of("hosts.properties"));
        String kitJava = "/usr/lib/jvm/java-17-openjdk-amd64/bin/java";
        BoxNeeds needs = new BoxNeeds(
                Map.of(
                        Role.PROXY,
                        List.of(Path.of(kitJava)),
                        Role.ORIGIN,
                        List.of(Path.of(kitJava), Path.of("/usr/bin/taskset"))),
                Map.of(),
                10);
        SshTopology topology = new SshTopology(hosts, RecordingRunner.allSucceed(), "abc123", needs);

        String proxy = last(topology.wrap(Role.PROXY, List.of(kitJava, "-jar", "proxy.jar")));
        String origin = last(topology.wrap(Role.ORIGIN, List.of("taskset", "-c", "1", kitJava, "-jar", "origin.jar")));

        assertThat(proxy).endsWith(" proxy /opt/jdk-21/bin/java -jar proxy.jar").doesNotContain(kitJava);
        assertThat(origin).as("java on the login's PATH").endsWith(" origin taskset -c 1 java -jar origin.jar");
        assertThat(BoxChecks.args(hosts, needs, hosts.place(Role.ORIGIN), (box, file) -> file.toString()))
                .containsExactly("j:java", "x:/usr/bin/taskset");
        assertThat(BoxChecks.args(hosts, needs, hosts.place(Role.PROXY), (box, file) -> file.toString()))
                .containsExactly("j:/opt/jdk-21/bin/java");
    }

    private static String last(List<String> command) {
        return command.get(command.size() - 1);
    }

    @Test
    void aFileIsPutOnTheRolesBoxOnlyWhenThatIsAnotherMachine(@TempDir Path dir) throws Exception {
        RecordingRunner runner = RecordingRunner.allSucceed();
        SshTopology topology = new SshTopology(HOSTS, runner, "abc123");
        Path conf = Files.writeString(dir.resolve("nginx.conf"), "events {}\n");

        topology.put(Role.GENERATOR, conf);
        assertThat(runner.commands()).isEmpty();

        topology.put(Role.PROXY, conf);
        assertThat(runner.joined())
                .singleElement()
                .asString()
                .contains("bench@proxy-1")
                .contains(conf.toAbsolutePath().toString());
    }

    @Test
    void aGeneratorBoxsViewPutsAGeneratorsFileOnThatBox(@TempDir Path dir) throws Exception {
        HostsFile hosts = HostsFile.parse(
                List.of("generator = ssh:gen-1, ssh:gen-2", "proxy = ssh:proxy-1", "origin = ssh:proxy-1"),
                Path.of("hosts"));
        RecordingRunner runner = RecordingRunner.allSucceed();
        SshTopology topology = new SshTopology(hosts, runner, "abc123");
        Path ca = Files.writeString(dir.resolve("ca.pem"), "-----BEGIN CERTIFICATE-----\n");

        topology.generatorBoxes().get("ssh:gen-2").put(Role.GENERATOR, ca);
        topology.generatorBoxes().get("ssh:gen-2").put(Role.PROXY, ca);

        assertThat(runner.joined()).hasSize(2);
        assertThat(runner.joined().get(0))
                .contains("gen-2")
                .doesNotContain("gen-1")
                .contains(ca.toString());
        assertThat(runner.joined().get(1)).contains("proxy-1").doesNotContain("gen-2");
    }
}
