package io.proxybench.loadtest.topology.netns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NamespaceSysctlScriptTest {

    private static final Map<String, String> SETTINGS = new LinkedHashMap<>();

    static {
        SETTINGS.put("net.core.somaxconn", "5000");
        SETTINGS.put("net.core.netdev_max_backlog", "5000");
        SETTINGS.put("net.core.rmem_max", "8388608");
        SETTINGS.put("net.ipv4.ip_local_port_range", "10240 65535");
        SETTINGS.put("net.ipv4.tcp_tw_reuse", "1");
    }

    @Test
    void eachReportLineBecomesAnOutcome() {
        String report = String.join(
                        "\n",
                        "written\t4096\t5000\t",
                        "absent\t\t\t",
                        "read-only\t4194304\t4194304\t",
                        "written\t32768 60999\t32768 60999\tsh: write error: Invalid argument",
                        "unchanged\t1\t1\t")
                + "\n";

        List<SysctlOutcome> outcomes = NamespaceSysctlScript.outcomes(SETTINGS, report, true, key -> "1000");

        assertThat(outcomes)
                .extracting(SysctlOutcome::status)
                .containsExactly(
                        SysctlOutcome.Status.SET,
                        SysctlOutcome.Status.NOT_PRESENT,
                        SysctlOutcome.Status.READ_ONLY,
                        SysctlOutcome.Status.FAILED,
                        SysctlOutcome.Status.UNCHANGED);
        assertThat(outcomes.get(0).before()).isEqualTo("4096");
        assertThat(outcomes.get(0).after()).isEqualTo("5000");
        assertThat(outcomes.get(1).hostValue()).isEqualTo("1000");
        assertThat(outcomes.get(3).detail()).isEqualTo("sh: write error: Invalid argument");
        assertThat(outcomes.get(3).describe()).containsEntry("status", "failed").containsEntry("wanted", "10240 65535");
        assertThat(outcomes.get(1).describe())
                .containsEntry("status", "not-present")
                .containsEntry("hostValue", "1000");
    }

    @Test
    void aShortReportIsAnError() {
        assertThatThrownBy(() -> NamespaceSysctlScript.outcomes(SETTINGS, "written\t1\t2\t\n", true, k -> null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("1 lines for 5 keys");
    }
}
