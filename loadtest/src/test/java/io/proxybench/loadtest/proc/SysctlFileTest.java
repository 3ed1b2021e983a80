package io.proxybench.loadtest.proc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SysctlFileTest {

    @Test
    void readsKeysInOrderWithCommentsAndBlanks() {
        Map<String, String> settings = SysctlFile.parse(
                List.of(
                        "# comment",
                        "; also a comment",
                        "",
                        "net.core.somaxconn = 5000",
                        "-net.core.rmem_max=8388608",
                        "net.ipv4.ip_local_port_range =  10240\t 65535  "),
                "f");

        assertThat(settings)
                .containsExactly(
                        Map.entry("net.core.somaxconn", "5000"),
                        Map.entry("net.core.rmem_max", "8388608"),
                        Map.entry("net.ipv4.ip_local_port_range", "10240 65535"));
    }

    @Test
    void badLinesNameFileAndLine() {
        assertThatThrownBy(() -> SysctlFile.parse(List.of("net.core.somaxconn 5000"), "f.conf"))
                .hasMessage("f.conf:1: expected 'key = value', got: net.core.somaxconn 5000");
        assertThatThrownBy(() -> SysctlFile.parse(List.of("", "somaxconn = 1"), "f.conf"))
                .hasMessage("f.conf:2: not a sysctl key: 'somaxconn'");
        assertThatThrownBy(() -> SysctlFile.parse(List.of("net.core.somaxconn ="), "f.conf"))
                .hasMessage("f.conf:1: no value for net.core.somaxconn");
    }

    @Test
    void theShippedFileHoldsTheReferenceValues() throws Exception {
        Map<String, String> settings = SysctlFile.read(Path.of("..", "sysctl", "proxybench.conf"));

        assertThat(settings)
                .containsEntry("net.core.rmem_max", "8388608")
                .containsEntry("net.core.wmem_max", "8388608")
                .containsEntry("net.core.netdev_max_backlog", "5000")
                .containsEntry("net.core.somaxconn", "5000")
                .containsEntry("net.ipv4.tcp_max_syn_backlog", "5000");
    }
}
