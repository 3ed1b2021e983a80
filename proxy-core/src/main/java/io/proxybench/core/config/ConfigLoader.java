package io.proxybench.core.config;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Layers the sources of a configuration, lowest first: built-in defaults, a profile, a properties
 * file, system properties ({@code proxybench.<key>}), and flags. The result is validated as a whole
 * before any server starts, so a bad value fails fast with a message naming key, value and source.
 * A key of the other front end (see {@link FrontEndNamespace}) is ignored with one log line per
 * source, so that one file can tune both front ends.
 */
public final class ConfigLoader {

    private static final Logger log = LoggerFactory.getLogger(ConfigLoader.class);

    /** System properties with this prefix are config keys, e.g. {@code -Dproxybench.workers.stage=8}. */
    public static final String SYSTEM_PROPERTY_PREFIX = "proxybench.";

    private final ConfigSchema schema;
    private final Map<String, String> values = new LinkedHashMap<>();
    private final Map<String, String> sourceOf = new LinkedHashMap<>();
    private final Map<String, String> ignored = new LinkedHashMap<>();

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

    /**
     * Sets values from one named source; unknown keys are rejected here, keys of another front end
     * set aside, values checked in {@link #load()}.
     */
    public ConfigLoader layer(Map<String, String> layer, String source) {
        Map<String, List<String>> foreignByFrontEnd = new TreeMap<>();
        for (Map.Entry<String, String> e : layer.entrySet()) {
            String key = e.getKey();
            if (schema.key(key) == null) {
                FrontEndNamespace owner = FrontEndNamespace.ownerOf(key).orElse(null);
                if (owner == null || owner == schema.namespace()) {
                    throw new ConfigException("unknown config key '" + key + "' (from " + source + ")");
                }
                foreignByFrontEnd
                        .computeIfAbsent(owner.frontEnd(), o -> new ArrayList<>())
                        .add(key);
                ignored.put(key, owner.frontEnd() + " (from " + source + ")");
                continue;
            }
            values.put(key, e.getValue());
            sourceOf.put(key, source);
        }
        foreignByFrontEnd.forEach((frontEnd, keys) -> log.info(
                "ignoring {} setting{} {} (from {})",
                frontEnd,
                keys.size() == 1 ? "" : "s",
                String.join(", ", keys.stream().sorted().toList()),
                source));
        return this;
    }

    /** Keys set aside because another front end owns them, each with that front end and the source. */
    public Map<String, String> ignored() {
        return Map.copyOf(ignored);
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
        return new ConfigException(
                "invalid value '" + text + "' for " + key.name() + " (from " + sourceOf.get(key.name()) + "): expected "
                        + key.rule() + (reason == null || reason.isBlank() ? "" : "; " + reason));
    }
}
