package io.proxybench.loadtest.frontend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.plan.PlanException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NginxConfigTest {

    private static NginxConfig config(Map<String, String> settings) throws PlanException {
        return NginxConfig.forRun(2000, 8, settings, "127.0.0.1", 18080, "127.0.0.1", 19090, Path.of("/run/raw/nginx"));
    }

    @Test
    void sizedForTheLargestStepWithOneWorkerPerCore() throws PlanException {
        String conf = config(Map.of()).render();
        assertThat(conf)
                .contains("worker_processes 8;")
                // one worker may hold every client and origin connection, twice over while one load closes and the next
                // opens
                .contains("worker_connections 8128;")
                .contains("worker_rlimit_nofile 8384;")
                .contains("listen 127.0.0.1:18080 backlog=2000;")
                .contains("server 127.0.0.1:19090;")
                .contains("keepalive 2000;")
                .contains("proxy_http_version 1.1;")
                .contains("proxy_set_header Connection \"\";")
                .contains("access_log off;")
                .contains("error_log /run/raw/nginx/error.log warn;")
                .contains("pid /run/raw/nginx/nginx.pid;")
                .contains("proxy_temp_path /run/raw/nginx/tmp/proxy;")
                .doesNotContain("reuseport")
                .doesNotContain("deferred");
    }

    @Test
    void variantSettingsOverrideTheDefaults() throws PlanException {
        String conf = config(Map.of("worker_processes", "1", "keepalive", "64", "reuseport", "on", "deferred", "on"))
                .render();
        assertThat(conf)
                .contains("worker_processes 1;")
                .contains("keepalive 64;")
                .contains("backlog=2000 reuseport deferred;");
    }

    @Test
    void aSmallRunStillGetsTheKernelsDefaultBacklog() throws PlanException {
        assertThat(NginxConfig.forRun(20, 2, Map.of(), "127.0.0.1", 1, "127.0.0.1", 2, Path.of("/x"))
                        .backlog())
                .isEqualTo(511);
    }

    @Test
    void unknownOrBadSettingsAreRefused() {
        assertThatThrownBy(() -> NginxConfig.check(Map.of("workers", "2")))
                .isInstanceOf(PlanException.class)
                .hasMessageStartingWith("nginx: unknown setting 'workers'");
        assertThatThrownBy(() -> NginxConfig.check(Map.of("multi_accept", "yes")))
                .hasMessage("nginx: multi_accept=yes must be on or off");
        assertThatThrownBy(() -> NginxConfig.check(Map.of("keepalive_requests", "-5")))
                .hasMessage("nginx: keepalive_requests=-5 is not a positive whole number");
    }

    @Test
    void everyListedSettingIsAcceptedWhenItsValueIsGood() throws PlanException {
        for (String key : NginxConfig.SETTINGS) {
            String value = key.equals("multi_accept") || key.equals("reuseport") || key.equals("deferred") ? "on" : "3";
            NginxConfig.check(Map.of(key, value));
        }
    }
}
