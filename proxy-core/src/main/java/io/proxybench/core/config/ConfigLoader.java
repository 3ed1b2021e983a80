package io.proxybench.core.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Layers the sources of a configuration, lowest first: built-in defaults, a profile, a properties
 * file, system properties ({@code proxybench.<key>}), and flags. The result is validated as a whole
 * before any server starts, so a bad value fails fast with a message naming key, value and source.
 */
public final class ConfigLoader {

    /** System properties with this prefix are config keys, e.g. {@code -Dproxybench.workers.stage=8}. */
    public static final String SYSTEM_PROPERTY_PREFIX = "proxybench.";

    private final ConfigSchema schema;
    private final Map<String, String> values = new LinkedHashMap<>();
    private final Map<String, String> sourceOf = new LinkedHashMap<>();

    public ConfigLoader(ConfigSchema schema) {
        this.schema = schema;
        for (ConfigKey<?> key : schema.keys()) {
            values.put(key.name(), key.defaultText());
            sourceOf.put(key.name(), "default");
        }
    }

    public ConfigLoader profile(String name) {
        if (name != null) {
            return layer(schema.profile(name), "profile " + name);
        }
        return this;
    }

    public ConfigLoader file(Path file) {
        if (file == null) {
            return this;
        }
        Properties props = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            props.load(reader);
        } catch (NoSuchFileException e) {
            throw new ConfigException("config file not found: " + file);
        } catch (IOException | IllegalArgumentException e) {
            throw new ConfigException("cannot read config file " + file + ": " + e.getMessage());
        }
        Map<String, String> map = new LinkedHashMap<>();
        props.stringPropertyNames().forEach(k -> map.put(k, props.getProperty(k)));
        return layer(map, "file " + file);
    }

    public ConfigLoader systemProperties(Properties props) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String name : props.stringPropertyNames()) {
            if (name.startsWith(SYSTEM_PROPERTY_PREFIX)) {
                map.put(name.substring(SYSTEM_PROPERTY_PREFIX.length()), props.getProperty(name));
            }
        }
        return layer(map, "system property");
    }

    /** Flags given as {@code key=value} pairs. */
    public ConfigLoader flags(List<String> assignments) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String a : assignments) {
            int eq = a.indexOf('=');
            if (eq <= 0) {
                throw new ConfigException("--set needs key=value, got '" + a + "'");
            }
            map.put(a.substring(0, eq).trim(), a.substring(eq + 1));
        }
        return layer(map, "flag");
    }

    /** Sets values from one named source; unknown keys are rejected here, values checked in {@link #load()}. */
    public ConfigLoader layer(Map<String, String> layer, String source) {
        for (Map.Entry<String, String> e : layer.entrySet()) {
            if (schema.key(e.getKey()) == null) {
                throw new ConfigException("unknown config key '" + e.getKey() + "' (from " + source + ")");
            }
            values.put(e.getKey(), e.getValue());
            sourceOf.put(e.getKey(), source);
        }
        return this;
    }

    public ProxyConfig load() {
        Map<String, Object> typed = new LinkedHashMap<>();
        for (ConfigKey<?> key : schema.keys()) {
            typed.put(key.name(), parse(key));
        }
        return new ProxyConfig(typed, values, sourceOf);
    }

    private <T> T parse(ConfigKey<T> key) {
        String text = values.get(key.name());
        T value;
        try {
            value = key.parse(text);
        } catch (RuntimeException e) {
            throw invalid(key, text, e.getMessage());
        }
        if (!key.check().test(value)) {
            throw invalid(key, text, null);
        }
        return value;
    }

    private ConfigException invalid(ConfigKey<?> key, String text, String reason) {
        return new ConfigException("invalid value '" + text + "' for " + key.name() + " (from " + sourceOf.get(key.name())
                + "): expected " + key.rule() + (reason == null || reason.isBlank() ? "" : "; " + reason));
    }
}
