package io.proxybench.loadtest.template;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The names the kit gives every front end's templates (what each stands for is in
 * docs/run-files.md), each with a value of its shape, with which a definition's settings are checked
 * before any run.
 */
public enum RunPlaceholder {
    PORT("port", "1"),
    ADDRESS("address", "127.0.0.1"),
    LISTEN("listen", "127.0.0.1:1"),
    ORIGIN("origin", "127.0.0.1:2"),
    ORIGIN_HOST("origin.host", "127.0.0.1"),
    ORIGIN_PORT("origin.port", "2"),
    DIR("dir", "."),
    CORES("cores", "1"),
    CONNECTIONS("connections", "1"),
    TLS("tls", "false"),
    TLS_CERT("tls.cert", ""),
    TLS_KEY("tls.key", ""),
    TLS_PEM("tls.pem", ""),
    TLS_RESUMPTION("tls.resumption", "true");

    /** Initialised after the constants, as an enum's static fields are. */
    private static final Map<String, String> SAMPLES = byKey();

    private final String key;
    private final String sample;

    RunPlaceholder(String key, String sample) {
        this.key = key;
        this.sample = sample;
    }

    /** As a template writes it: {@code {{key}}}. */
    public String key() {
        return key;
    }

    /** Every key. */
    public static Set<String> keys() {
        return SAMPLES.keySet();
    }

    /** Every key with a value of its shape: a stand-in run, to check templates and settings against. */
    public static Map<String, String> samples() {
        return SAMPLES;
    }

    private static Map<String, String> byKey() {
        Map<String, String> samples = new LinkedHashMap<>();
        for (RunPlaceholder placeholder : values()) {
            samples.put(placeholder.key, placeholder.sample);
        }
        return Collections.unmodifiableMap(samples);
    }
}
