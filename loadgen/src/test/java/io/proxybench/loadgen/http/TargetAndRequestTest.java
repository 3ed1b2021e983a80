package io.proxybench.loadgen.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class TargetAndRequestTest {

    @Test
    void requestIsWhatWrkSendsPlusTheUsersHeaders() {
        Target target = Target.parse("http://127.0.0.1:8080/a/b?x=1");
        assertThat(new String(RequestTemplate.encode("GET", target, List.of(), false), StandardCharsets.ISO_8859_1))
                .isEqualTo("GET /a/b?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n");
        assertThat(new String(
                        RequestTemplate.encode("GET", target, List.of("X-Origin-Fault:  status-500 "), true),
                        StandardCharsets.ISO_8859_1))
                .isEqualTo("GET /a/b?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Origin-Fault: status-500\r\n"
                        + "Connection: close\r\n\r\n");
    }

    @Test
    void aGivenHostHeaderReplacesTheDefaultOne() {
        Target target = Target.parse("http://localhost:81");
        assertThat(new String(
                        RequestTemplate.encode("GET", target, List.of("Host: example"), false),
                        StandardCharsets.ISO_8859_1))
                .isEqualTo("GET / HTTP/1.1\r\nHost: example\r\n\r\n");
    }

    @Test
    void headersThatWouldChangeFramingOrSmuggleALineAreRefused() {
        Target target = Target.parse("http://127.0.0.1:1/");
        assertThatThrownBy(() -> RequestTemplate.encode("GET", target, List.of("Content-Length: 5"), false))
                .hasMessageContaining("set by the generator");
        assertThatThrownBy(() -> RequestTemplate.encode("GET", target, List.of("X: a\r\nY: b"), false))
                .hasMessageContaining("one line");
        assertThatThrownBy(() -> RequestTemplate.encode("GET", target, List.of("no colon"), false))
                .hasMessageContaining("Name: value");
    }

    @Test
    void onlyLoopbackUnlessAllowed() {
        assertThat(Target.parse("http://127.0.0.1:1/").resolve(null).isLoopbackAddress())
                .isTrue();
        assertThat(Target.parse("http://[::1]:1/").hostHeader()).isEqualTo("[::1]:1");
        assertThatThrownBy(() -> Target.parse("http://10.200.0.1:80/").resolve(null))
                .hasMessageContaining("not a loopback address")
                .hasMessageContaining("--allow-host");
        assertThat(Target.parse("http://10.200.0.1:80/").resolve("10.200.0.1").getHostAddress())
                .isEqualTo("10.200.0.1");
    }

    @Test
    void notAPlainHttpUrl() {
        assertThat(Target.parse("https://127.0.0.1/").port()).isEqualTo(443);
        assertThat(Target.parse("https://127.0.0.1:8443/").toString()).isEqualTo("https://127.0.0.1:8443/");
        assertThatThrownBy(() -> Target.parse("ftp://127.0.0.1/"))
                .hasMessageContaining("not an http:// or https:// URL");
        assertThatThrownBy(() -> Target.parse("127.0.0.1:80")).hasMessageContaining("not a URL");
        assertThatThrownBy(() -> Target.parse("http://u:p@127.0.0.1/")).hasMessageContaining("user info");
    }
}
