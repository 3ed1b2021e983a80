package io.proxybench.loadtest.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
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
            "cores", "2",
            "connections", "1000",
            "tls", "true",
            "tls.resumption", "false");

    @Test
    void onlyDoubleBracesAreTheKits() throws TemplateException {
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
                .hasMessageStartingWith(
                        "envoy.yaml:2: unknown placeholder {{ori}} (known: address, connections, cores, dir,");
    }

    @Test
    void itKnowsWhetherItSaysWhereToListen() {
        assertThat(new PlaceholderTemplate("listen {{ port }}", "f", 1).uses("port"))
                .isTrue();
        assertThat(new PlaceholderTemplate("listen {port}", "f", 1).uses("port"))
                .isFalse();
    }

    @Test
    void arithmeticSizesAProxyFromTheRun() throws TemplateException {
        String text = "conns {{4 * connections + 128}} backlog {{max(511, connections / 4)}} {{ (cores - 1) * 2 }}";
        assertThat(new PlaceholderTemplate(text, "f", 1).render(VALUES)).isEqualTo("conns 4128 backlog 511 2");
    }

    @Test
    void blocksAloneOnTheirLineTakeTheLineWithThem() throws TemplateException {
        String text = "a\n{{#if tls}}\n  ssl on;\n{{#if !tls.resumption}}\n  tickets off;\n{{/if}}\n"
                + "{{else}}\n  plain\n{{/if}}\nz {{#if tls}}s{{else}}p{{/if}}\n";
        assertThat(new PlaceholderTemplate(text, "f", 1).render(VALUES))
                .isEqualTo("a\n  ssl on;\n  tickets off;\nz s\n");
        Map<String, String> plain = new HashMap<>(VALUES);
        plain.put("tls", "false");
        assertThat(new PlaceholderTemplate(text, "f", 1).render(plain)).isEqualTo("a\n  plain\nz p\n");
    }

    @Test
    void aMistakeInArithmeticOrBlocksNamesItsLine() {
        assertThatThrownBy(() -> new PlaceholderTemplate("a\n{{ 2 * workers }}", "nginx.conf", 1).check())
                .hasMessageStartingWith("nginx.conf:2: unknown name 'workers' in {{2 * workers}}");
        assertThatThrownBy(() -> new PlaceholderTemplate("{{ 2 * }}", "f", 7).check())
                .hasMessageStartingWith("f:7: unknown placeholder {{2 *}}");
        assertThatThrownBy(() -> new PlaceholderTemplate("x\n{{#if tls}}\ny", "f", 1).check())
                .hasMessage("f:2: {{#if tls}} is never closed by {{/if}}");
        assertThatThrownBy(() -> new PlaceholderTemplate("{{/if}}", "f", 3).check())
                .hasMessage("f:3: {{/if}} without its {{#if}}");
        assertThatThrownBy(() -> new PlaceholderTemplate("{{#unless tls}}", "f", 1).check())
                .hasMessage("f:1: {{#unless tls}}: the blocks are {{#if name}}, {{else}}, {{/if}}");
        assertThatThrownBy(() -> new PlaceholderTemplate("{{#if cores}}x{{/if}}", "f", 1).render(VALUES))
                .hasMessage("f:1: {{#if cores}}: '2' is neither true nor false");
    }

    @Test
    void aDefinitionsOwnSettingsAreNamesToo() throws TemplateException {
        PlaceholderTemplate template = new PlaceholderTemplate("threads {{nbthread}} {{nbthread * 2}}", "f", 1);
        assertThatThrownBy(template::check).hasMessageStartingWith("f:1: unknown placeholder {{nbthread}}");
        template.check(Set.of("nbthread"));
        Map<String, String> values = new HashMap<>(VALUES);
        values.put("nbthread", "3");
        assertThat(template.render(values)).isEqualTo("threads 3 6");
        assertThat(template.uses("nbthread")).isTrue();
        assertThat(new PlaceholderTemplate("{{#if tls}}{{/if}}", "f", 1).uses("tls"))
                .isTrue();
        assertThat(new PlaceholderTemplate("crt {{tls.pem}}", "f", 1).uses("tls"))
                .isTrue();
    }
}
