package io.proxybench.loadtest.template;

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
        return samples().keySet();
    }

    /** Every key with a value of its shape: a stand-in run, to check templates and settings against. */
    public static Map<String, String> samples() {
        Map<String, String> values = new LinkedHashMap<>();
        for (RunPlaceholder placeholder : values()) {
            values.put(placeholder.key, placeholder.sample);
        }
        return values;
    }
}
