package io.proxybench.gatling;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;

/**
 * What every simulation is told by the kit, read from {@code proxybench.*} system properties so
 * that one compiled simulation serves any target and any ramp.
 *
 * <ul>
 *   <li>{@code proxybench.baseUrl} — required, {@code http://127.0.0.1:PORT}; loopback only, unless the
 *       host is listed in {@code proxybench.allowedHosts} (comma-separated; for addresses inside
 *       network namespaces the caller created)</li>
 *   <li>{@code proxybench.path} — request path, default {@code /}</li>
 *   <li>{@code proxybench.steps} — required, comma-separated: connections (closed models) or
 *       requests per second (fixed rate), in run order</li>
 *   <li>{@code proxybench.stepSeconds} — seconds per step, default 10</li>
 *   <li>{@code proxybench.warmupSeconds} — seconds at the first step before the steps, default 0</li>
 *   <li>{@code proxybench.requestTimeoutMs} — per-request timeout, default 10000</li>
 *   <li>{@code proxybench.connectionClose} — {@code true}: the fixed-rate simulation sends every
 *       request with {@code Connection: close}; default false</li>
 *   <li>{@code proxybench.caCertificate} — a PEM file, required for an {@code https} base URL and
 *       refused for {@code http}: the one certificate authority Gatling trusts (see {@code TrustedCa})</li>
 * </ul>
 *
 * Where Gatling writes is its own {@code -rf} flag.
 */
public record LoadSettings(
        URI baseUrl,
        String path,
        List<Integer> steps,
        Duration stepDuration,
        Duration warmup,
        Duration requestTimeout,
        boolean connectionClose,
        Path caCertificate) {

    public static final String PREFIX = "proxybench.";

    public LoadSettings {
        steps = List.copyOf(steps);
        if (steps.isEmpty()) {
            throw new IllegalArgumentException(PREFIX + "steps: at least one step is needed");
        }
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException(PREFIX + "path: must start with '/', got '" + path + "'");
        }
        if (stepDuration.isNegative() || stepDuration.isZero()) {
            throw new IllegalArgumentException(
                    PREFIX + "stepSeconds: must be at least 1, got " + stepDuration.toSeconds());
        }
        if (warmup.isNegative()) {
            throw new IllegalArgumentException(
                    PREFIX + "warmupSeconds: must not be negative, got " + warmup.toSeconds());
        }
        if (requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException(
                    PREFIX + "requestTimeoutMs: must be at least 1, got " + requestTimeout.toMillis());
        }
        if (baseUrl.getScheme().equals("https") && caCertificate == null) {
            throw new IllegalArgumentException(PREFIX + "caCertificate: required for an https " + PREFIX
                    + "baseUrl: Gatling trusts the run's CA only, never every certificate");
        }
        if (baseUrl.getScheme().equals("http") && caCertificate != null) {
            throw new IllegalArgumentException(
                    PREFIX + "caCertificate: given for an http " + PREFIX + "baseUrl, which has no TLS to trust");
        }
    }

    /** Whether the simulations speak TLS to the target. */
    public boolean tls() {
        return caCertificate != null;
    }

    public static LoadSettings fromSystemProperties() {
        return from(System.getProperties());
    }

    public static LoadSettings from(Properties props) {
        return new LoadSettings(
                LoopbackTarget.check(required(props, "baseUrl"), allowedHosts(props)),
                props.getProperty(PREFIX + "path", "/"),
                parseSteps(required(props, "steps")),
                Duration.ofSeconds(parseLong(props, "stepSeconds", 10)),
                Duration.ofSeconds(parseLong(props, "warmupSeconds", 0)),
                Duration.ofMillis(parseLong(props, "requestTimeoutMs", 10_000)),
                parseBoolean(props, "connectionClose"),
                optionalPath(props, "caCertificate"));
    }

    /** The longest the steps can take, every request allowed its full timeout: the simulation's hard stop. */
    public Duration maxRunTime() {
        Duration perStep = stepDuration.plus(requestTimeout);
        return warmup.plus(requestTimeout)
                .plus(perStep.multipliedBy(steps.size()))
                .plusSeconds(5);
    }

    public String baseUrlText() {
        String text = baseUrl.toString();
        return text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
    }

    private static String required(Properties props, String key) {
        String value = props.getProperty(PREFIX + key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(PREFIX + key + ": required, not set");
        }
        return value.trim();
    }

    private static long parseLong(Properties props, String key, long defaultValue) {
        String value = props.getProperty(PREFIX + key);
        if (value == null || value.isBlank()) {
            return defaultValue;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PREFIX + key + ": not a whole number: '" + value + "'");
        }
    }

    private static Set<String> allowedHosts(Properties props) {
        Set<String> hosts = new HashSet<>();
        for (String host : props.getProperty(PREFIX + "allowedHosts", "").split(",")) {
            if (!host.isBlank()) {
                hosts.add(host.trim());
            }
        }
        return hosts;
    }

    private static Path optionalPath(Properties props, String key) {
        String value = props.getProperty(PREFIX + key);
        return value == null || value.isBlank() ? null : Path.of(value.trim());
    }

    private static boolean parseBoolean(Properties props, String key) {
        String value = props.getProperty(PREFIX + key, "false").trim();
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException(PREFIX + key + ": expected true or false, got '" + value + "'");
        }
        return Boolean.parseBoolean(value);
    }

    static List<Integer> parseSteps(String text) {
        List<Integer> steps = new ArrayList<>();
        for (String part : text.split(",")) {
            String trimmed = part.trim();
            int step;
            try {
                step = Integer.parseInt(trimmed);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        PREFIX + "steps: not a whole number: '" + trimmed + "' in '" + text + "'");
            }
            if (step < 1) {
                throw new IllegalArgumentException(PREFIX + "steps: each step must be at least 1, got " + step);
            }
            steps.add(step);
        }
        return steps;
    }
}
