package io.proxybench.gatling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class LoadSettingsTest {

    @Test
    void readsEverySettingWithDefaults() {
        LoadSettings s = LoadSettings.from(
                props("proxybench.baseUrl", "http://127.0.0.1:8080", "proxybench.steps", "100, 400,100"));

        assertThat(s.baseUrlText()).isEqualTo("http://127.0.0.1:8080");
        assertThat(s.path()).isEqualTo("/");
        assertThat(s.steps()).containsExactly(100, 400, 100);
        assertThat(s.stepDuration()).isEqualTo(Duration.ofSeconds(10));
        assertThat(s.warmup()).isZero();
        assertThat(s.requestTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(s.connectionClose()).isFalse();
    }

    @Test
    void theHardStopLeavesEveryStepItsFullTimeout() {
        LoadSettings s = LoadSettings.from(props(
                "proxybench.baseUrl",
                "http://localhost:8080/",
                "proxybench.steps",
                "1,2",
                "proxybench.stepSeconds",
                "3",
                "proxybench.warmupSeconds",
                "2",
                "proxybench.requestTimeoutMs",
                "1000"));

        // warm-up 2 + its timeout 1, two steps of 3 + 1, 5 s slack
        assertThat(s.maxRunTime()).isEqualTo(Duration.ofSeconds(2 + 1 + 8 + 5));
        assertThat(s.baseUrlText()).isEqualTo("http://localhost:8080");
    }

    @Test
    void refusesTargetsOffThisMachine() {
        assertThatThrownBy(() ->
                        LoadSettings.from(props("proxybench.baseUrl", "http://192.0.2.1:80", "proxybench.steps", "1")))
                .hasMessage("proxybench.baseUrl: 192.0.2.1 is not a loopback address (192.0.2.1);"
                        + " load goes to loopback only");
    }

    @Test
    void acceptsAnAddressTheCallerVouchesFor() {
        LoadSettings s = LoadSettings.from(props(
                "proxybench.baseUrl",
                "http://10.213.0.1:8080",
                "proxybench.steps",
                "1",
                "proxybench.allowedHosts",
                "10.213.0.1"));

        assertThat(s.baseUrlText()).isEqualTo("http://10.213.0.1:8080");
        assertThatThrownBy(() -> LoadSettings.from(props(
                        "proxybench.baseUrl",
                        "http://10.213.0.2:8080",
                        "proxybench.steps",
                        "1",
                        "proxybench.allowedHosts",
                        "10.213.0.1")))
                .hasMessageContaining("not a loopback address");
    }

    @Test
    void refusesAPathInTheUrlAndOtherSchemes() {
        assertThatThrownBy(() -> LoadSettings.from(
                        props("proxybench.baseUrl", "http://127.0.0.1:80/api", "proxybench.steps", "1")))
                .hasMessageContaining("give the path in proxybench.path");
        assertThatThrownBy(() ->
                        LoadSettings.from(props("proxybench.baseUrl", "ftp://127.0.0.1:21", "proxybench.steps", "1")))
                .hasMessageContaining("expected http://HOST:PORT or https://HOST:PORT");
    }

    @Test
    void anHttpsTargetNeedsTheCaToTrustAndAPlainOneRefusesIt() {
        assertThatThrownBy(() -> LoadSettings.from(
                        props("proxybench.baseUrl", "https://127.0.0.1:443", "proxybench.steps", "1")))
                .hasMessageContaining("proxybench.caCertificate: required for an https proxybench.baseUrl");
        assertThatThrownBy(() -> LoadSettings.from(props(
                        "proxybench.baseUrl",
                        "http://127.0.0.1:80",
                        "proxybench.steps",
                        "1",
                        "proxybench.caCertificate",
                        "/run/ca.pem")))
                .hasMessageContaining("proxybench.caCertificate: given for an http proxybench.baseUrl");
        LoadSettings tls = LoadSettings.from(props(
                "proxybench.baseUrl",
                "https://127.0.0.1:443",
                "proxybench.steps",
                "1",
                "proxybench.caCertificate",
                "/run/ca.pem"));
        assertThat(tls.tls()).isTrue();
        assertThat(tls.caCertificate()).isEqualTo(Path.of("/run/ca.pem"));
        assertThat(tls.baseUrlText()).isEqualTo("https://127.0.0.1:443");
    }

    @Test
    void namesTheSettingThatIsWrong() {
        assertThatThrownBy(() -> LoadSettings.from(props("proxybench.steps", "1")))
                .hasMessage("proxybench.baseUrl: required, not set");
        assertThatThrownBy(() -> LoadSettings.from(
                        props("proxybench.baseUrl", "http://127.0.0.1:1", "proxybench.steps", "10,x")))
                .hasMessage("proxybench.steps: not a whole number: 'x' in '10,x'");
        assertThatThrownBy(() ->
                        LoadSettings.from(props("proxybench.baseUrl", "http://127.0.0.1:1", "proxybench.steps", "0")))
                .hasMessageContaining("at least 1");
        assertThatThrownBy(() -> LoadSettings.from(props(
                        "proxybench.baseUrl",
                        "http://127.0.0.1:1",
                        "proxybench.steps",
                        "1",
                        "proxybench.stepSeconds",
                        "0")))
                .hasMessageStartingWith("proxybench.stepSeconds");
        assertThatThrownBy(() -> LoadSettings.from(props(
                        "proxybench.baseUrl",
                        "http://127.0.0.1:1",
                        "proxybench.steps",
                        "1",
                        "proxybench.connectionClose",
                        "yes")))
                .hasMessage("proxybench.connectionClose: expected true or false, got 'yes'");
    }

    @Test
    void stepsThatRepeatGetDistinctNames() {
        assertThat(StepNames.of(List.of(100, 400, 100, 100)))
                .containsExactly("step-100", "step-400", "step-100-2", "step-100-3");
    }

    private static Properties props(String... kv) {
        Properties p = new Properties();
        for (int i = 0; i < kv.length; i += 2) {
            p.setProperty(kv[i], kv[i + 1]);
        }
        return p;
    }
}
