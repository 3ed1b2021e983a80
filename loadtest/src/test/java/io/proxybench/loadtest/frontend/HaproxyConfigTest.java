package io.proxybench.loadtest.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.plan.PlanException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HaproxyConfigTest {

    private static HaproxyConfig config(Map<String, String> settings) throws PlanException {
        return HaproxyConfig.forRun(
                2000, 8, settings, "127.0.0.1", 18080, "127.0.0.1", 19090, Path.of("/run/raw/haproxy"));
    }

    @Test
    void keepAliveBothSidesSizedForTheLargestStepWithThreadsAsNginxWorkers() throws PlanException {
        String conf = config(Map.of()).render();
        assertThat(conf)
                .contains("    nbthread 8\n")
                .contains("    maxconn 4128\n")
                .contains("    option http-keep-alive\n")
                .contains("    http-reuse always\n")
                .contains("    bind 127.0.0.1:18080\n")
                .contains("    server origin 127.0.0.1:19090 maxconn 4128\n")
                .contains("    timeout client 75s\n")
                // pooling must not stop at HAProxy's default fifth of descriptors in use, which 2000 clients pass
                .contains("    tune.pool-low-fd-ratio 90\n")
                .contains("    tune.pool-high-fd-ratio 95\n")
                .doesNotContain("daemon")
                .doesNotContain("\n    log ");
        assertThat(config(Map.of()).confFile()).isEqualTo(Path.of("/run/raw/haproxy/haproxy.cfg"));
        assertThat(conf)
                .contains(String.valueOf(
                        NginxConfig.forRun(2000, 8, Map.of(), "127.0.0.1", 1, "127.0.0.1", 2, Path.of("/x"))
                                .workerProcesses()));
    }

    @Test
    void variantSettingsOverrideTheDefaultsAndIpv6IsBracketed() throws PlanException {
        String conf = HaproxyConfig.forRun(
                        10,
                        2,
                        Map.of("nbthread", "1", "maxconn", "64", "defer-accept", "on"),
                        "::1",
                        1,
                        "::1",
                        2,
                        Path.of("/x"))
                .render();
        assertThat(conf)
                .contains("    nbthread 1\n")
                .contains("    maxconn 64\n")
                .contains("    bind [::1]:1 defer-accept\n")
                .contains("server origin [::1]:2 maxconn 64");
    }

    @Test
    void unknownOrBadSettingsAreRefused() {
        assertThatThrownBy(() -> HaproxyConfig.check(Map.of("threads", "2")))
                .isInstanceOf(PlanException.class)
                .hasMessage("haproxy: unknown setting 'threads' (known: nbthread, maxconn, defer-accept)");
        assertThatThrownBy(() -> HaproxyConfig.check(Map.of("nbthread", "0")))
                .hasMessage("haproxy: nbthread=0 is not a positive whole number");
        assertThatThrownBy(() -> HaproxyConfig.check(Map.of("defer-accept", "yes")))
                .hasMessage("haproxy: defer-accept=yes must be on or off");
    }
}
