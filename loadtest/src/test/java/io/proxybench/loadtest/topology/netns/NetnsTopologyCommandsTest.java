package io.proxybench.loadtest.topology.netns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.proc.NetworkProbe;
import io.proxybench.loadtest.process.RecordingRunner;
import io.proxybench.loadtest.topology.Role;
import io.proxybench.loadtest.topology.ShortRunId;
import io.proxybench.loadtest.topology.TopologyException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The commands the netns topology issues, against a recording fake: runs anywhere, as anyone. */
class NetnsTopologyCommandsTest {

    private static NetnsTopology topology(LinkShaping shaping, RecordingRunner runner) {
        return new NetnsTopology(shaping, "abc123", runner, "ip", "tc", Optional::empty);
    }

    @Test
    void namesAddressesAndWrappingAreKnownBeforeSetUp() {
        NetnsTopology topology = topology(LinkShaping.none(), RecordingRunner.allSucceed());

        assertThat(topology.namespaceOf(Role.GENERATOR)).isEqualTo("pb-abc123-gen");
        assertThat(topology.namespaceOf(Role.PROXY)).isEqualTo("pb-abc123-proxy");
        assertThat(topology.namespaceOf(Role.ORIGIN)).isEqualTo("pb-abc123-origin");
        assertThat(topology.addressOf(Role.PROXY)).isEqualTo("10.213.0.2");
        assertThat(topology.addressOf(Role.ORIGIN)).isEqualTo("10.213.0.6");
        assertThat(topology.addressOf(Role.GENERATOR)).isEqualTo("10.213.0.1");
        assertThat(topology.wrap(Role.ORIGIN, List.of("java", "-jar", "stub-origin.jar")))
                .containsExactly("ip", "netns", "exec", "pb-abc123-origin", "java", "-jar", "stub-origin.jar");
    }

    @Test
    void networkProbeWatchesTheProxysGeneratorSideInsideItsNamespace() {
        NetnsTopology topology = topology(LinkShaping.none(), RecordingRunner.allSucceed());

        NetworkProbe probe = topology.networkProbe(Role.PROXY);

        assertThat(probe.interfaceName()).isEqualTo("pb-gen");
        assertThat(probe.readProcNetDevCommand())
                .containsExactly("ip", "netns", "exec", "pb-abc123-proxy", "cat", "/proc/net/dev");
        assertThat(topology.networkProbe(Role.GENERATOR).interfaceName()).isEqualTo("pb-proxy");
    }

    @Test
    void setUpBuildsTwoPointToPointLinksInsideTheNamespacesOnly() throws Exception {
        RecordingRunner runner = RecordingRunner.allSucceed();
        NetnsTopology topology = topology(LinkShaping.none(), runner);

        topology.setUp();

        assertThat(runner.joined())
                .containsExactly(
                        "ip netns add pb-abc123-gen",
                        "ip netns add pb-abc123-proxy",
                        "ip netns add pb-abc123-origin",
                        "ip link add pb-proxy netns pb-abc123-gen type veth peer name pb-gen netns pb-abc123-proxy",
                        "ip link add pb-origin netns pb-abc123-proxy type veth"
                                + " peer name pb-proxy netns pb-abc123-origin",
                        "ip -n pb-abc123-gen address add 10.213.0.1/30 dev pb-proxy",
                        "ip -n pb-abc123-proxy address add 10.213.0.2/30 dev pb-gen",
                        "ip -n pb-abc123-proxy address add 10.213.0.5/30 dev pb-origin",
                        "ip -n pb-abc123-origin address add 10.213.0.6/30 dev pb-proxy",
                        "ip -n pb-abc123-gen link set dev lo up",
                        "ip netns exec pb-abc123-gen sh -c echo 0 > /proc/sys/net/ipv4/ip_forward",
                        "ip -n pb-abc123-proxy link set dev lo up",
                        "ip netns exec pb-abc123-proxy sh -c echo 0 > /proc/sys/net/ipv4/ip_forward",
                        "ip -n pb-abc123-origin link set dev lo up",
                        "ip netns exec pb-abc123-origin sh -c echo 0 > /proc/sys/net/ipv4/ip_forward",
                        "ip -n pb-abc123-gen link set dev pb-proxy up",
                        "ip -n pb-abc123-proxy link set dev pb-gen up",
                        "ip -n pb-abc123-proxy link set dev pb-origin up",
                        "ip -n pb-abc123-origin link set dev pb-proxy up");
        assertThat(runner.joined()).noneMatch(c -> c.contains("route")).noneMatch(c -> c.contains("default"));
    }

    @Test
    void shapingGoesOnBothEndsOfTheGeneratorProxyLink() throws Exception {
        RecordingRunner runner = RecordingRunner.allSucceed();
        topology(LinkShaping.parse("1gbit", "0.1ms"), runner).setUp();

        assertThat(runner.joined())
                .contains(
                        "tc -n pb-abc123-gen qdisc add dev pb-proxy root"
                                + " netem delay 100us rate 1000000000bit limit 10000",
                        "tc -n pb-abc123-proxy qdisc add dev pb-gen root"
                                + " netem delay 100us rate 1000000000bit limit 10000");
        assertThat(runner.joined())
                .filteredOn(c -> c.contains("qdisc add"))
                .hasSize(2)
                .noneMatch(c -> c.contains("pb-origin"));
    }

    @Test
    void aFailureHalfwayRemovesWhatWasMadeAndNothingElse() {
        RecordingRunner runner = RecordingRunner.failing("peer name pb-proxy", "RTNETLINK answers: File exists\n");
        NetnsTopology topology = topology(LinkShaping.none(), runner);

        assertThatThrownBy(topology::setUp)
                .isInstanceOf(TopologyException.class)
                .hasMessageStartingWith("create veth link failed (ip link add pb-origin")
                .hasMessageEndingWith("RTNETLINK answers: File exists");

        assertThat(runner.joined())
                .filteredOn(c -> c.startsWith("ip netns delete"))
                .containsExactly(
                        "ip netns delete pb-abc123-origin",
                        "ip netns delete pb-abc123-proxy",
                        "ip netns delete pb-abc123-gen");
        int before = runner.commands().size();
        topology.close();
        assertThat(runner.commands())
                .as("a second close has nothing left to remove")
                .hasSize(before);
        assertThat(topology.describe()).containsEntry("state", "removed");
    }

    @Test
    void aNamespaceThatCouldNotBeCreatedIsNotDeleted() {
        RecordingRunner runner = RecordingRunner.failing("netns add pb-abc123-proxy", "Cannot create namespace file");
        NetnsTopology topology = topology(LinkShaping.none(), runner);

        assertThatThrownBy(topology::setUp).hasMessageContaining("Cannot create namespace file");

        assertThat(runner.joined())
                .filteredOn(c -> c.startsWith("ip netns delete"))
                .containsExactly("ip netns delete pb-abc123-gen");
    }

    @Test
    void missingNetemIsExplainedInOneLine() {
        RecordingRunner runner = RecordingRunner.failing("qdisc add", "Error: Specified qdisc kind is unknown.\n");
        NetnsTopology topology = topology(LinkShaping.parse(null, "1ms"), runner);

        assertThatThrownBy(topology::setUp)
                .isInstanceOf(TopologyException.class)
                .hasMessage("link delay needs the kernel's netem qdisc (module sch_netem), which this kernel lacks;"
                        + " load sch_netem or drop --link-delay (a rate alone uses tbf)");
        assertThat(runner.joined()).contains("ip netns delete pb-abc123-gen");
    }

    @Test
    void unmetPrerequisitesStopBeforeAnyCommand() {
        RecordingRunner runner = RecordingRunner.allSucceed();
        NetnsTopology topology = new NetnsTopology(
                LinkShaping.none(), "abc123", runner, "ip", "tc", () -> Optional.of("the netns topology needs root"));

        assertThatThrownBy(topology::setUp)
                .isInstanceOf(TopologyException.class)
                .hasMessage("the netns topology needs root");
        assertThat(runner.commands()).isEmpty();
    }

    @Test
    void closeWithoutSetUpRunsNothingAndSetUpAfterCloseIsRefused() {
        RecordingRunner runner = RecordingRunner.allSucceed();
        NetnsTopology topology = topology(LinkShaping.none(), runner);

        topology.close();

        assertThat(runner.commands()).isEmpty();
        assertThatThrownBy(topology::setUp).isInstanceOf(IllegalStateException.class);
    }

    @Test
    @SuppressWarnings("unchecked")
    void describeRecordsNamespacesAddressesAndShaping() throws Exception {
        NetnsTopology topology = topology(LinkShaping.parse("1gbit", null), RecordingRunner.allSucceed());
        topology.setUp();

        Map<String, Object> d = topology.describe();

        assertThat(d)
                .containsEntry("name", "netns")
                .containsEntry("runId", "abc123")
                .containsEntry("state", "up");
        assertThat((Map<String, Object>) d.get("namespaces")).containsEntry("proxy", "pb-abc123-proxy");
        assertThat((Map<String, Object>) d.get("addresses")).containsEntry("origin", "10.213.0.6");
        List<Map<String, Object>> links = (List<Map<String, Object>>) d.get("links");
        assertThat(links).hasSize(2);
        assertThat(links.get(0)).containsEntry("subnet", "10.213.0.0/30");
        assertThat((Map<String, Object>) links.get(0).get("shaping"))
                .containsEntry("rateBitsPerSecond", 1_000_000_000L)
                .containsEntry("qdisc", "tbf rate 1000000000bit burst 125000 latency 20ms");
        assertThat(links.get(1)).containsEntry("subnet", "10.213.0.4/30").containsEntry("shaping", "none");
    }

    @Test
    void theCleanupHookRemovesTheNamespaces() throws Exception {
        RecordingRunner runner = RecordingRunner.allSucceed();
        NetnsTopology topology = topology(LinkShaping.none(), runner);
        Thread hook = topology.cleanupHook();
        topology.setUp();

        hook.run();

        assertThat(runner.joined())
                .filteredOn(c -> c.startsWith("ip netns delete"))
                .hasSize(3);
        assertThat(topology.describe()).containsEntry("state", "removed");
    }

    @Test
    void kernelSettingsNeedTheNamespacesFirst() {
        NetnsTopology topology = topology(LinkShaping.none(), RecordingRunner.allSucceed());

        assertThatThrownBy(() -> topology.applySysctls(java.nio.file.Path.of("..", "sysctl", "proxybench.conf")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not set up");
    }

    @Test
    void runIdMustBeSixHexDigits() {
        assertThatThrownBy(() -> new NetnsTopology(
                        LinkShaping.none(), "x; rm", RecordingRunner.allSucceed(), "ip", "tc", Optional::empty))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(ShortRunId.next()).matches("[0-9a-f]{6}");
    }
}
