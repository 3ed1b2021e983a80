package io.proxybench.netty.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.netty.support.ChildJvm;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The admin port runs none of Netty's HTTP codec. The proxy's request path goes through the
 * codec's shared base classes with the proxy's own message and header types, and is compiled for
 * those; a scrape through the same classes with other types made the JIT throw that code away
 * (seen on JDK 25 as a burst of deoptimisation in the proxy's read and write paths at each scrape).
 * Watched as class loading in a JVM of its own: whatever the scrape runs that the proxied request
 * did not is loaded between the two markers.
 */
class AdminPortCodecTest {

    private static final String NETTY_HTTP = " io.netty.handler.codec.http.";

    @Test
    @DisplayName("reading every admin route after a proxied request loads none of Netty's HTTP classes")
    void scrapeLoadsNoNettyHttpClass() throws Exception {
        Process child = ChildJvm.start(
                List.of("-Xlog:class+load=info:stdout"), AdminScrape.class, ProcessBuilder.Redirect.INHERIT);
        List<String> lines;
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            lines = out.lines().toList();
        } finally {
            if (!child.waitFor(60, TimeUnit.SECONDS)) {
                child.destroyForcibly();
            }
        }
        assertThat(child.exitValue()).as("the child's exit status").isZero();
        int proxied = lines.indexOf(AdminScrape.PROXIED);
        int scraped = lines.indexOf(AdminScrape.SCRAPED);
        assertThat(proxied).as("the proxied request's marker").isNotNegative();
        assertThat(scraped).as("the scrape's marker").isGreaterThan(proxied);

        assertThat(lines)
                .as("every request answered as the routes say")
                .contains(
                        "proxied GET / 200",
                        "admin GET /health 200",
                        "admin GET /metrics 200",
                        "admin GET /metrics/jvm 200",
                        "admin GET /metrics/prometheus 200",
                        "admin GET /resolved 200",
                        "admin GET /nothing-here 404",
                        "admin HEAD /health 200");
        assertThat(lines.subList(0, proxied))
                .as("Netty's HTTP classes the proxied request loaded (the log works)")
                .anyMatch(l -> l.contains(NETTY_HTTP + "HttpObjectDecoder "));
        assertThat(lines.subList(proxied, scraped))
                .as("classes loaded by the scrape")
                .noneMatch(l -> l.contains(NETTY_HTTP));
    }
}
