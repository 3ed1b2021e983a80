package io.proxybench.core.config;

import io.proxybench.core.route.Route;
import io.proxybench.core.route.RouteTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** One validated configuration: typed values by key, and where each came from. Immutable. */
public final class ProxyConfig {

    private final Map<String, Object> typed;
    private final Map<String, String> text;
    private final Map<String, String> sources;
    private final RouteTable routes;

    ProxyConfig(Map<String, Object> typed, Map<String, String> text, Map<String, String> sources) {
        this.typed = Map.copyOf(typed);
        this.text = Collections.unmodifiableMap(new java.util.LinkedHashMap<>(text));
        this.sources = Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sources));
        this.routes = buildRoutes();
    }

    /** The value of {@code key}; the key must belong to the schema this config was loaded with. */
    @SuppressWarnings("unchecked")
    public <T> T get(ConfigKey<T> key) {
        Object v = typed.get(key.name());
        if (v == null && !typed.containsKey(key.name())) {
            throw new IllegalArgumentException("config key not in schema: " + key.name());
        }
        return (T) v;
    }

    public RouteTable routes() {
        return routes;
    }

    /** Every key with its value as text, in schema order: for logs and run records. */
    public Map<String, String> asText() {
        return text;
    }

    /** Where each key's value came from (default, profile, file, system property, flag). */
    public Map<String, String> sources() {
        return sources;
    }

    private RouteTable buildRoutes() {
        // Routes are separated by ';' because ',' separates the hosts of one route.
        String joined = (String) typed.get(ProxyConfigKeys.ROUTES.name());
        if (joined == null) {
            return new RouteTable(List.of());
        }
        List<Route> list = new ArrayList<>();
        for (String r : joined.split(";")) {
            if (!r.isBlank()) {
                try {
                    list.add(Route.parse(r.trim()));
                } catch (IllegalArgumentException e) {
                    throw new ConfigException("invalid value '" + r.trim() + "' for routes (from "
                            + sources.get("routes") + "): " + e.getMessage());
                }
            }
        }
        try {
            return new RouteTable(list);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("invalid routes: " + e.getMessage());
        }
    }
}
