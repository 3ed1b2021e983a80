package io.proxybench.loadtest.topology.netns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.proxybench.common.testing.Eventually;
import io.proxybench.loadtest.proc.SysctlFile;
import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.ShortRunId;
import io.proxybench.loadtest.topology.Topology;
import io.proxybench.loadtest.topology.TopologyException;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real namespaces, links and qdiscs: runs only as root where namespaces can be made, and skips
 * otherwise. Everything it creates carries a fresh run id and is removed at the end.
 */
class NetnsTopologyLiveTest {

    private static final int PORT = 8080;
    private static final CommandRunner RUN = CommandRunner.processes(Duration.ofSeconds(20));
    private static final String FETCH = String.join(
            "\n",
            "import sys, time, urllib.request",
            "t = time.monotonic()",
            "body = urllib.request.urlopen(sys.argv[1], timeout=10).read()",
            "print(len(body), round(time.monotonic() - t, 4))",
            "sys.stdout.write(body[:40].decode('ascii', 'replace'))");
    private static final String CONNECT = String.join(
            "\n",
            "import socket, sys",
            "try:",
            "    socket.create_connection((sys.argv[1], int(sys.argv[2])), timeout=3)",
            "    print('connected')",
            "except OSError as e:",
            "    print('refused-or-unreachable', e)");

    @BeforeAll
    static void requireNamespaces() {
        assumeTrue(
                NetnsSupport.unavailableReason(LinkShaping.none()).isEmpty(),
                () -> "skipped: "
                        + NetnsSupport.unavailableReason(LinkShaping.none()).orElse(""));
        assumeTrue(NetnsSupport.netnsSupported(), "skipped: 'ip netns add' does not work here");
        assumeTrue(Executables.find("python3").isPresent() || onPath("python3"), "skipped: python3 not found");
    }

    @Test
    void rolesTalkAlongTheirLinksOnlyAndCloseLeavesNothingBehind(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("hello.txt"), "hello from origin");
        byte[] bulk = new byte[2_500_000];
        Files.write(dir.resolve("bulk.bin"), bulk);
        NetnsTopology topology = new NetnsTopology(LinkShaping.parse("50mbit", null));
        List<Process> servers = new ArrayList<>();
        try {
            topology.setUp();
            // the origin listens on all its addresses, so that the kit's bridge can use its loopback
            servers.add(serve(topology, Role.ORIGIN, "0.0.0.0", dir));
            servers.add(serve(topology, Role.PROXY, topology.addressOf(Role.PROXY), dir));

            String viaLink = awaitFetch(topology, Role.PROXY, "http://10.213.0.6:" + PORT + "/hello.txt");
            assertThat(viaLink).as("proxy reaches origin over its link").contains("hello from origin");

            String direct = run(topology.wrap(
                    Role.GENERATOR,
                    List.of("python3", "-c", CONNECT, topology.addressOf(Role.ORIGIN), Integer.toString(PORT))));
            assertThat(direct).as("the generator has no route to the origin").contains("refused-or-unreachable");

            for (Role role : Role.values()) {
                assertThat(run(List.of("ip", "-n", topology.namespaceOf(role), "route", "show", "default")))
                        .as("no default route in " + role)
                        .isBlank();
                assertThat(run(topology.wrap(role, List.of("cat", "/proc/sys/net/ipv4/ip_forward")))
                                .strip())
                        .as("no forwarding in " + role)
                        .isEqualTo("0");
            }

            assertThat(run(List.of(
                            "tc", "-n", topology.namespaceOf(Role.GENERATOR), "qdisc", "show", "dev", "pb-proxy")))
                    .contains("tbf")
                    .contains("rate 50Mbit");
            assertThat(run(List.of("tc", "-n", topology.namespaceOf(Role.PROXY), "qdisc", "show", "dev", "pb-gen")))
                    .contains("tbf")
                    .contains("rate 50Mbit");
            assertThat(run(List.of("tc", "-n", topology.namespaceOf(Role.PROXY), "qdisc", "show", "dev", "pb-origin")))
                    .doesNotContain("tbf");

            // 20 Mbit over a 50 Mbit/s link takes 0.4 s; unshaped, a veth moves it in milliseconds.
            // Load only makes it slower, so the lower bound holds on a busy machine.
            String timed = awaitFetch(topology, Role.GENERATOR, "http://10.213.0.2:" + PORT + "/bulk.bin");
            String[] sizeAndSeconds = timed.lines().findFirst().orElseThrow().split(" ");
            assertThat(Long.parseLong(sizeAndSeconds[0])).isEqualTo(bulk.length);
            assertThat(Double.parseDouble(sizeAndSeconds[1]))
                    .as("seconds for 2.5 MB at 50 Mbit/s")
                    .isGreaterThan(0.25);

            InetSocketAddress bridge = topology.controlEndpoint(Role.ORIGIN, "127.0.0.1", PORT);
            assertThat(bridge.getAddress().isLoopbackAddress()).isTrue();
            assertThat(httpGet(bridge, "/hello.txt"))
                    .as("the kit reaches a port inside the namespace")
                    .isEqualTo("hello from origin");
        } finally {
            servers.forEach(Process::destroyForcibly);
            for (Process server : servers) {
                server.waitFor();
            }
            topology.close();
        }
        String namespaces = run(List.of("ip", "netns", "list"));
        for (Role role : Role.values()) {
            assertThat(namespaces).doesNotContain(topology.namespaceOf(role));
        }
        assertThat(topology.describe()).containsEntry("state", "removed");
    }

    @Test
    @SuppressWarnings("unchecked")
    void kernelSettingsAreAppliedPerNamespaceAndGlobalOnesAreRecorded() throws Exception {
        Path conf = Path.of("..", "sysctl", "proxybench.conf");
        String hostSomaxconn = SysctlFile.readCurrent(Path.of("/proc/sys"), "net.core.somaxconn");
        NetnsTopology topology = new NetnsTopology(LinkShaping.none());
        try {
            topology.setUp();
            Map<Role, List<SysctlOutcome>> read = topology.readSysctls(conf);
            assertThat(read.get(Role.PROXY))
                    .extracting(SysctlOutcome::key)
                    .contains("net.core.somaxconn", "net.ipv4.tcp_max_syn_backlog");

            Map<Role, List<SysctlOutcome>> applied = topology.applySysctls(conf);

            for (Role role : Role.values()) {
                SysctlOutcome somaxconn = applied.get(role).stream()
                        .filter(o -> o.key().equals("net.core.somaxconn"))
                        .findFirst()
                        .orElseThrow();
                assertThat(somaxconn.status()).isIn(SysctlOutcome.Status.SET, SysctlOutcome.Status.UNCHANGED);
                assertThat(run(topology.wrap(role, List.of("cat", "/proc/sys/net/core/somaxconn")))
                                .strip())
                        .isEqualTo("5000");
                assertThat(applied.get(role))
                        .as("every key of the file is accounted for")
                        .hasSize(7);
            }
            assertThat(SysctlFile.readCurrent(Path.of("/proc/sys"), "net.core.somaxconn"))
                    .as("the machine's own value is untouched")
                    .isEqualTo(hostSomaxconn);
            assertThat(hostSomaxconn).as("sanity: a whole value was read").hasSizeGreaterThan(1);
            Map<String, Object> sysctls =
                    (Map<String, Object>) topology.describe().get("sysctls");
            assertThat((Map<String, Object>) sysctls.get("proxy")).containsKey("net.core.netdev_max_backlog");
            SysctlOutcome backlog = applied.get(Role.PROXY).stream()
                    .filter(o -> o.key().equals("net.core.netdev_max_backlog"))
                    .findFirst()
                    .orElseThrow();
            if (backlog.status() == SysctlOutcome.Status.NOT_PRESENT) {
                assertThat(backlog.hostValue())
                        .as("a global key records the machine's value")
                        .isEqualTo(SysctlFile.readCurrent(Path.of("/proc/sys"), "net.core.netdev_max_backlog"));
            }
        } finally {
            topology.close();
        }
    }

    @Test
    void closeAfterAFailedSetUpRemovesEverything() throws Exception {
        String ip = Executables.find("ip").orElseThrow().toString();
        CommandRunner real = CommandRunner.processes(Duration.ofSeconds(20));
        CommandRunner failSecondLink = command -> String.join(" ", command).contains("peer name pb-proxy")
                ? new CommandRunner.Result(2, "injected failure")
                : real.run(command);
        NetnsTopology topology =
                new NetnsTopology(LinkShaping.none(), ShortRunId.next(), failSecondLink, ip, "tc", Optional::empty);

        assertThatThrownBy(topology::setUp)
                .isInstanceOf(TopologyException.class)
                .hasMessageContaining("injected failure");
        topology.close();

        String namespaces = run(List.of("ip", "netns", "list"));
        for (Role role : Role.values()) {
            assertThat(namespaces).doesNotContain(topology.namespaceOf(role));
        }
    }

    private static Process serve(Topology topology, Role role, String bind, Path dir) throws IOException {
        return new ProcessBuilder(topology.wrap(
                        role,
                        List.of(
                                "python3",
                                "-m",
                                "http.server",
                                "--bind",
                                bind,
                                "--directory",
                                dir.toString(),
                                Integer.toString(PORT))))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    private static String awaitFetch(Topology topology, Role from, String url) throws Exception {
        AtomicReference<String> fetched = new AtomicReference<>();
        Eventually.holds(() -> {
            CommandRunner.Result result = RUN.run(topology.wrap(from, List.of("python3", "-c", FETCH, url)));
            assertThat(result.ok())
                    .as("fetch %s from %s: %s", url, from, result.output())
                    .isTrue();
            fetched.set(result.output());
        });
        return fetched.get();
    }

    private static String run(List<String> command) throws IOException {
        CommandRunner.Result result = RUN.run(command);
        assertThat(result.exitCode())
                .as(String.join(" ", command) + ": " + result.output())
                .isZero();
        return result.output();
    }

    private static String httpGet(InetSocketAddress address, String path) throws IOException {
        HttpURLConnection connection = (HttpURLConnection)
                new URL("http://" + address.getHostString() + ":" + address.getPort() + path).openConnection();
        connection.setConnectTimeout(5_000);
        connection.setReadTimeout(5_000);
        try (InputStream in = connection.getInputStream()) {
            assertThat(connection.getResponseCode()).isEqualTo(200);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static boolean onPath(String tool) {
        try {
            return RUN.run(List.of("sh", "-c", "command -v " + tool)).ok();
        } catch (IOException e) {
            return false;
        }
    }
}
