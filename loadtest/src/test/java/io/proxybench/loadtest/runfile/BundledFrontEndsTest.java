package io.proxybench.loadtest.runfile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.plan.ExternalFrontEnd;
import io.proxybench.loadtest.plan.FrontEndKind;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.template.TemplateException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * nginx and HAProxy are started from the kit's bundled definitions: each renders the configuration
 * the reference columns have always had, sized for the run's largest step, with a variant's settings
 * over the defaults and the run's TLS when it has TLS.
 */
class BundledFrontEndsTest {

    private static Map<String, String> run(int connections, int cores, String host, boolean tls, boolean resumption) {
        String bracketed = host.contains(":") ? "[" + host + "]" : host;
        Map<String, String> values = new HashMap<>();
        values.put("port", "18080");
        values.put("address", host);
        values.put("listen", bracketed + ":18080");
        values.put("origin", bracketed + ":19090");
        values.put("origin.host", host);
        values.put("origin.port", "19090");
        values.put("dir", "/run/raw/fe");
        values.put("cores", String.valueOf(cores));
        values.put("connections", String.valueOf(connections));
        values.put("tls", String.valueOf(tls));
        values.put("tls.cert", tls ? "/run/raw/tls/server-chain.pem" : "");
        values.put("tls.key", tls ? "/run/raw/tls/server-key.pem" : "");
        values.put("tls.pem", tls ? "/run/raw/fe/both.pem" : "");
        values.put("tls.resumption", String.valueOf(tls && resumption));
        return values;
    }

    private static String render(FrontEndKind kind, Map<String, String> settings, Map<String, String> run)
            throws PlanException, TemplateException {
        ExternalFrontEnd definition = BundledFrontEnds.definition(kind);
        return definition.config().template().render(definition.settings().resolve(settings, run));
    }

    private static String command(FrontEndKind kind) throws PlanException, TemplateException {
        ExternalFrontEnd definition = BundledFrontEnds.definition(kind);
        return definition
                .commandTemplate()
                .render(definition.settings().resolve(Map.of(), run(100, 2, "127.0.0.1", false, true)));
    }

    @Test
    void nginxIsSizedForTheLargestStepWithOneWorkerPerCore() throws Exception {
        String conf = render(FrontEndKind.NGINX, Map.of(), run(2000, 8, "127.0.0.1", false, true));
        assertThat(conf)
                .contains("worker_processes 8;")
                // one worker may hold every client and origin connection, twice over while one load closes and the
                // next opens
                .contains("worker_connections 8128;")
                .contains("worker_rlimit_nofile 8384;")
                .contains("multi_accept off;")
                .contains("listen 127.0.0.1:18080 backlog=2000;")
                .contains("server 127.0.0.1:19090;")
                .contains("keepalive 2000;")
                .contains("proxy_http_version 1.1;")
                .contains("proxy_set_header Connection \"\";")
                .contains("access_log off;")
                .contains("error_log /run/raw/fe/error.log warn;")
                .contains("pid /run/raw/fe/nginx.pid;")
                .contains("proxy_temp_path /run/raw/fe/proxy_temp;")
                .doesNotContain("reuseport")
                .doesNotContain("deferred")
                .doesNotContain("ssl")
                .doesNotContain("{{");
        assertThat(command(FrontEndKind.NGINX))
                .isEqualTo("nginx -p /run/raw/fe -e /run/raw/fe/error.log -c /run/raw/fe/nginx.conf -g 'daemon off;'");
    }

    @Test
    void nginxVariantSettingsOverrideTheDefaults() throws Exception {
        String conf = render(
                FrontEndKind.NGINX,
                Map.of("worker_processes", "1", "keepalive", "64", "reuseport", "on", "deferred", "on"),
                run(2000, 8, "127.0.0.1", false, true));
        assertThat(conf)
                .contains("worker_processes 1;")
                .contains("keepalive 64;")
                .contains("backlog=2000 reuseport deferred;");
    }

    @Test
    void aSmallRunStillGetsTheKernelsDefaultBacklog() throws Exception {
        assertThat(render(FrontEndKind.NGINX, Map.of(), run(20, 2, "127.0.0.1", false, true)))
                .contains("backlog=511;");
    }

    @Test
    void nginxListensWithTheRunsCertificateOnTls12And13() throws Exception {
        String conf = render(FrontEndKind.NGINX, Map.of(), run(100, 2, "127.0.0.1", true, true));
        assertThat(conf)
                .contains("listen 127.0.0.1:18080 backlog=511 ssl;")
                .contains("ssl_certificate /run/raw/tls/server-chain.pem;")
                .contains("ssl_certificate_key /run/raw/tls/server-key.pem;")
                .contains("ssl_protocols TLSv1.2 TLSv1.3;")
                .contains("ssl_session_cache shared:")
                .contains("ssl_session_tickets on;");
        assertThat(render(FrontEndKind.NGINX, Map.of(), run(100, 2, "127.0.0.1", true, false)))
                .contains("ssl_session_cache off;")
                .contains("ssl_session_tickets off;");
    }

    @Test
    void haproxyKeepsAliveOnBothSidesWithThreadsAsNginxWorkers() throws Exception {
        String conf = render(FrontEndKind.HAPROXY, Map.of(), run(2000, 8, "127.0.0.1", false, true));
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
                .doesNotContain("\n    log ")
                .doesNotContain("ssl");
        assertThat(command(FrontEndKind.HAPROXY)).isEqualTo("haproxy -db -f /run/raw/fe/haproxy.cfg");
    }

    @Test
    void haproxyVariantSettingsOverrideTheDefaultsAndIpv6IsBracketed() throws Exception {
        String conf = render(
                FrontEndKind.HAPROXY,
                Map.of("nbthread", "1", "maxconn", "64", "defer-accept", "on"),
                run(10, 2, "::1", false, true));
        assertThat(conf)
                .contains("    nbthread 1\n")
                .contains("    maxconn 64\n")
                .contains("    bind [::1]:18080 defer-accept\n")
                .contains("server origin [::1]:19090 maxconn 64");
    }

    @Test
    void haproxyBindsWithTheChainAndKeyFromTls12AndResumesAsTheRunSays() throws Exception {
        assertThat(render(FrontEndKind.HAPROXY, Map.of(), run(100, 2, "127.0.0.1", true, true)))
                .contains("    bind 127.0.0.1:18080 ssl crt /run/raw/fe/both.pem ssl-min-ver TLSv1.2 alpn http/1.1")
                .doesNotContain("no-tls-tickets")
                .doesNotContain("tune.ssl.cachesize 0");
        assertThat(render(FrontEndKind.HAPROXY, Map.of(), run(100, 2, "127.0.0.1", true, false)))
                .contains(" no-tls-tickets\n")
                .contains("    tune.ssl.cachesize 0\n");
    }

    @Test
    void unknownOrBadVariantSettingsAreRefusedInOneLine() {
        assertThatThrownBy(() -> BundledFrontEnds.definition(FrontEndKind.NGINX)
                        .settings()
                        .check(Map.of("workers", "2")))
                .isInstanceOf(PlanException.class)
                .hasMessageStartingWith("nginx: unknown setting 'workers' (known: worker_processes,");
        assertThatThrownBy(() -> BundledFrontEnds.definition(FrontEndKind.NGINX)
                        .settings()
                        .check(Map.of("multi_accept", "yes")))
                .hasMessage("nginx: multi_accept=yes must be on or off");
        assertThatThrownBy(() -> BundledFrontEnds.definition(FrontEndKind.NGINX)
                        .settings()
                        .check(Map.of("keepalive_requests", "-5")))
                .hasMessage("nginx: keepalive_requests=-5 is not a positive whole number");
        assertThatThrownBy(() -> BundledFrontEnds.definition(FrontEndKind.HAPROXY)
                        .settings()
                        .check(Map.of("threads", "2")))
                .hasMessage("haproxy: unknown setting 'threads' (known: nbthread, maxconn, defer-accept)");
        assertThatThrownBy(() -> BundledFrontEnds.definition(FrontEndKind.HAPROXY)
                        .settings()
                        .check(Map.of("nbthread", "0")))
                .hasMessage("haproxy: nbthread=0 is not a positive whole number");
    }

    @Test
    void bothServeTlsWhenTheRunHasIt() {
        assertThat(BundledFrontEnds.definition(FrontEndKind.NGINX).servesTls()).isTrue();
        assertThat(BundledFrontEnds.definition(FrontEndKind.HAPROXY).servesTls())
                .isTrue();
    }
}
