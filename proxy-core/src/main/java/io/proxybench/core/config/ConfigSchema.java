package io.proxybench.core.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys a front end accepts and the named profiles it offers. A profile is a set of values
 * that sits just above the built-in defaults, e.g. {@code reference} = the write-up's layout.
 * A front end's own keys must lie in its {@link FrontEndNamespace}; keys in another front end's
 * namespace are accepted by the loader and ignored.
 */
public final class ConfigSchema {

    private final FrontEndNamespace namespace;
    private final Map<String, ConfigKey<?>> keys = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> profiles = new LinkedHashMap<>();

    private ConfigSchema(FrontEndNamespace namespace) {
        this.namespace = namespace;
    }

    /** The common keys only, as no front end in particular (tests of the common parts). */
    public static ConfigSchema common() {
        return new ConfigSchema(null).addAll(ProxyConfigKeys.all());
    }

    /** The common keys, to which the front end owning {@code namespace} adds its own. */
    public static ConfigSchema forFrontEnd(FrontEndNamespace namespace) {
        return new ConfigSchema(namespace).addAll(ProxyConfigKeys.all());
    }

    /** The front end this schema is for; null for {@link #common()}. */
    public FrontEndNamespace namespace() {
        return namespace;
    }

    public ConfigSchema add(ConfigKey<?> key) {
        // Otherwise the other front end would refuse this key in a shared config file.
        if (namespace != null
                && !namespace.owns(key.name())
                && !ProxyConfigKeys.all().contains(key)) {
            throw new IllegalArgumentException("config key " + key.name() + " is neither common nor in "
                    + namespace.frontEnd() + "'s namespace " + namespace.patterns());
        }
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
            throw new ConfigException(
                    "unknown profile '" + name + "' (known: " + String.join(", ", profiles.keySet()) + ")");
        }
        return p;
    }

    public List<String> profileNames() {
        return List.copyOf(profiles.keySet());
    }
}
