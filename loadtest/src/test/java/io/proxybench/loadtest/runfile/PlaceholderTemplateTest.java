package io.proxybench.loadtest.runfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.plan.PlaceholderTemplate;
import io.proxybench.loadtest.plan.PlanException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The kit's placeholders are rendered; every other brace, dollar and percent of a proxy's config is kept. */
class PlaceholderTemplateTest {

    private static final Map<String, String> VALUES = Map.of(
            "port", "8080",
            "address", "127.0.0.1",
            "origin", "127.0.0.1:9000",
            "origin.host", "127.0.0.1",
            "origin.port", "9000",
            "dir", "/tmp/raw/mine",
            "cores", "2");

    @Test
    void onlyDoubleBracesAreTheKits() throws PlanException {
        String caddy = "{{address}}:{{ port }} {\n  reverse_proxy {{origin}} { header_up Host {host} }\n}\n";
        String nginx = "proxy_set_header Host $host; # {{origin.port}}\n";
        String haproxy = "http-request set-header X-Src %[src] {{cores}}\n";

        assertThat(new PlaceholderTemplate(caddy, "Caddyfile", 1).render(VALUES))
                .isEqualTo("127.0.0.1:8080 {\n  reverse_proxy 127.0.0.1:9000 { header_up Host {host} }\n}\n");
        assertThat(new PlaceholderTemplate(nginx, "nginx.conf", 1).render(VALUES))
                .isEqualTo("proxy_set_header Host $host; # 9000\n");
        assertThat(new PlaceholderTemplate(haproxy, "haproxy.cfg", 1).render(VALUES))
                .isEqualTo("http-request set-header X-Src %[src] 2\n");
    }

    @Test
    void anUnknownNameIsAnErrorAtItsLine() {
        assertThatThrownBy(() -> new PlaceholderTemplate("a\nb {{ori}}\n", "envoy.yaml", 1).check())
                .hasMessageStartingWith("envoy.yaml:2: unknown placeholder {{ori}} (known: address, cores, dir,");
    }

    @Test
    void itKnowsWhetherItSaysWhereToListen() {
        assertThat(new PlaceholderTemplate("listen {{ port }}", "f", 1).uses("port"))
                .isTrue();
        assertThat(new PlaceholderTemplate("listen {port}", "f", 1).uses("port"))
                .isFalse();
    }
}
