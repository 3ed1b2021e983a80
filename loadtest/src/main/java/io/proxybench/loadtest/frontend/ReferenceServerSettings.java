package io.proxybench.loadtest.frontend;

import io.proxybench.loadtest.plan.PlanException;
import java.util.List;
import java.util.Map;

/**
 * The settings a user gives a reference server's variant ({@code nginx[...]}, {@code haproxy[...]}), in that
 * server's own words: known keys only, numbers positive and whole, switches on or off, each refusal one line
 * that names the server, the key and the value.
 */
final class ReferenceServerSettings {

    private final String server;
    private final Map<String, String> settings;

    ReferenceServerSettings(String server, List<String> known, Map<String, String> settings) throws PlanException {
        this.server = server;
        this.settings = settings;
        for (String key : settings.keySet()) {
            if (!known.contains(key)) {
                throw new PlanException(
                        server + ": unknown setting '" + key + "' (known: " + String.join(", ", known) + ")");
            }
        }
    }

    int number(String key, int fallback) throws PlanException {
        String value = settings.get(key);
        if (value == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new PlanException(server + ": " + key + "=" + value + " is not a positive whole number");
    }

    boolean flag(String key, boolean fallback) throws PlanException {
        String value = settings.get(key);
        if (value == null) {
            return fallback;
        }
        return switch (value.trim()) {
            case "on", "true" -> true;
            case "off", "false" -> false;
            default -> throw new PlanException(server + ": " + key + "=" + value + " must be on or off");
        };
    }
}
