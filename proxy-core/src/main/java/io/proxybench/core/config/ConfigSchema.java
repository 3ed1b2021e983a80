package io.proxybench.core.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys a front end accepts and the named profiles it offers. A profile is a set of values
 * that sits just above the built-in defaults, e.g. {@code reference} = the write-up's 4/8/4 layout.
 */
public final class ConfigSchema {

    private final Map<String, ConfigKey<?>> keys = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> profiles = new LinkedHashMap<>();

    /** The common keys and the {@code reference} worker layout. */
    public static ConfigSchema common() {
        ConfigSchema schema = new ConfigSchema();
        schema.addAll(ProxyConfigKeys.all());
        schema.addProfile("reference", Map.of(
                "workers.inbound", "4",
                "workers.stage", "8",
                "workers.outbound", "4"));
        return schema;
    }

    public ConfigSchema add(ConfigKey<?> key) {
        if (keys.putIfAbsent(key.name(), key) != null) {
            throw new IllegalArgumentException("config key defined twice: " + key.name());
        }
        return this;
    }

    public ConfigSchema addAll(Collection<? extends ConfigKey<?>> more) {
        more.forEach(this::add);
        return this;
    }

    /** Adds values to a profile (merging with values the profile already has). */
    public ConfigSchema addProfile(String name, Map<String, String> values) {
        profiles.computeIfAbsent(name, n -> new LinkedHashMap<>()).putAll(values);
        return this;
    }

    public ConfigKey<?> key(String name) {
        return keys.get(name);
    }

    public List<ConfigKey<?>> keys() {
        return new ArrayList<>(keys.values());
    }

    public Map<String, String> profile(String name) {
        Map<String, String> p = profiles.get(name);
        if (p == null) {
            throw new ConfigException("unknown profile '" + name + "' (known: " + String.join(", ", profiles.keySet()) + ")");
        }
        return p;
    }

    public List<String> profileNames() {
        return List.copyOf(profiles.keySet());
    }
}
