package io.proxybench.loadtest.limits;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.limits.LimitFinding.Severity;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.proc.OpenFileLimit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LimitCheckTest {

    private static final Map<String, String> SYSCTLS = Map.of(
            "net.core.somaxconn",
            "4096",
            "net.ipv4.tcp_max_syn_backlog",
            "2048",
            "net.ipv4.ip_local_port_range",
            "32768\t60999",
            "net.ipv4.tcp_tw_reuse",
            "0");

    @Test
    void descriptorsOk() {
        LimitFinding f = LimitCheck.descriptors(2000, new OpenFileLimit(20000, 20000));
        assertThat(f.severity()).isEqualTo(Severity.OK);
        assertThat(f.message())
                .isEqualTo("2000 connections need ~4256 descriptors per proxy process and ~2064 for the"
                        + " generator; limit is 20000: ok");
    }

    @Test
    void descriptorsTooFewForTheGeneratorRefuseTheRun() {
        LimitFinding f = LimitCheck.descriptors(2000, new OpenFileLimit(1024, 4096));
        assertThat(f.severity()).isEqualTo(Severity.FATAL);
        assertThat(f.message()).endsWith("limit is 1024: too low for the generator (raise it with ulimit -n 4256)");
    }

    @Test
    void descriptorsAboveTheSoftLimitWarnWhenTheHardLimitAllowsThem() {
        LimitFinding f = LimitCheck.descriptors(2000, new OpenFileLimit(4096, 65536));
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).contains("hard 65536").contains("raise theirs to the hard limit");
        assertThat(LimitCheck.descriptors(2000, new OpenFileLimit(4096, 4096)).severity())
                .isEqualTo(Severity.FATAL);
        assertThat(LimitCheck.descriptors(100_000, new OpenFileLimit(-1, -1)).severity())
                .isEqualTo(Severity.OK);
    }

    @Test
    void acceptAndSynQueues() {
        List<LimitFinding> findings = LimitCheck.evaluate(
                3000, ConnectionMode.KEEPALIVE, 0.05, true, new OpenFileLimit(20000, 20000), SYSCTLS);
        assertThat(findings)
                .extracting(LimitFinding::message)
                .containsExactly(
                        "3000 connections need ~6256 descriptors per proxy process and ~3064 for the generator;"
                                + " limit is 20000: ok",
                        "net.core.somaxconn = 4096 >= 3000 connections: ok",
                        "net.ipv4.tcp_max_syn_backlog = 2048 < 3000 connections:"
                                + " a burst of connects may overflow the SYN queue"
                                + " and retry after 1 s (the reference used 5000)",
                        "3000 keep-alive connections; net.ipv4.ip_local_port_range offers 28232 ports: ok");
        assertThat(findings.get(2).severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void churnNeedsPortsForTimeWait() {
        LimitFinding warned = LimitCheck.ports(2000, ConnectionMode.CHURN, 0.05, true, SYSCTLS);
        assertThat(warned.severity()).isEqualTo(Severity.WARNING);
        assertThat(warned.message())
                .startsWith("churn at 2000 connections opens ~40000 connections/s;")
                .contains("2400000 would sit in TIME_WAIT");
        LimitFinding reused = LimitCheck.ports(
                2000,
                ConnectionMode.CHURN,
                0.05,
                true,
                Map.of("net.ipv4.ip_local_port_range", "32768 60999", "net.ipv4.tcp_tw_reuse", "2"));
        assertThat(reused.severity()).isEqualTo(Severity.OK);
        assertThat(reused.message()).contains("reused (tcp_tw_reuse=2)");
        // tcp_tw_reuse=2 covers loopback only
        assertThat(LimitCheck.ports(
                                2000,
                                ConnectionMode.CHURN,
                                0.05,
                                false,
                                Map.of("net.ipv4.ip_local_port_range", "32768 60999", "net.ipv4.tcp_tw_reuse", "2"))
                        .severity())
                .isEqualTo(Severity.WARNING);
    }

    @Test
    void moreConnectionsThanPorts() {
        LimitFinding f = LimitCheck.ports(30000, ConnectionMode.KEEPALIVE, 0.05, true, SYSCTLS);
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).contains("EADDRNOTAVAIL");
    }

    @Test
    void anOpenRunIsSizedForRateTimesTimeoutConnections() {
        List<LimitFinding> findings = LimitCheck.evaluateOpen(
                500, 10, ConnectionMode.KEEPALIVE, 0.05, true, new OpenFileLimit(20000, 20000), SYSCTLS);
        assertThat(findings)
                .extracting(LimitFinding::message)
                .containsExactly(
                        "500 req/s may hold up to 5000 connections"
                                + " (rate \u00d7 10 s timeout; ~25 while the front end keeps up): "
                                + "5000 connections need ~10256 descriptors per proxy process"
                                + " and ~5064 for the generator; limit is 20000: ok",
                        "net.core.somaxconn = 4096 >= 25 connections: ok",
                        "net.ipv4.tcp_max_syn_backlog = 2048 >= 25 connections: ok",
                        "up to 5000 keep-alive connections; net.ipv4.ip_local_port_range offers 28232 ports: ok");
    }

    @Test
    void anOpenRunThatFitsOnlyWhileTheFrontEndKeepsUpIsWarnedNotRefused() {
        LimitFinding f = LimitCheck.evaluateOpen(
                        1000, 10, ConnectionMode.KEEPALIVE, 0.05, true, new OpenFileLimit(20000, 20000), SYSCTLS)
                .get(0);
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message())
                .startsWith("1000 req/s may hold up to 10000 connections")
                .contains("~20256 descriptors per proxy process")
                .endsWith("lower --timeout to bound it)");
        // 1000 req/s against a 1 s origin: 1000 connections in use even when all goes well
        LimitFinding refused = LimitCheck.evaluateOpen(
                        1000, 10, ConnectionMode.KEEPALIVE, 1.0, true, new OpenFileLimit(1024, 1024), SYSCTLS)
                .get(0);
        assertThat(refused.severity()).isEqualTo(Severity.FATAL);
        assertThat(refused.message()).contains("1000 connections need ~2256 descriptors");
    }

    @Test
    void anOpenChurnRunOpensAConnectionPerArrival() {
        LimitFinding f = LimitCheck.evaluateOpen(
                        1000, 10, ConnectionMode.CHURN, 0.05, true, new OpenFileLimit(20000, 20000), SYSCTLS)
                .get(3);
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message())
                .startsWith("churn at 1000 req/s opens ~1000 connections/s;")
                .contains("60000 would sit in TIME_WAIT");
    }

    @Test
    void unreadableSysctlsWarn() {
        assertThat(LimitCheck.queue("net.core.somaxconn", 10, Map.of(), "the accept queue")
                        .severity())
                .isEqualTo(Severity.WARNING);
    }
}
