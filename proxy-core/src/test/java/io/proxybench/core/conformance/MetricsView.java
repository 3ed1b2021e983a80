package io.proxybench.core.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** The admin port's {@code /metrics} JSON (metrics-json layout), read for assertions. */
public final class MetricsView {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final JsonNode root;

    private MetricsView(JsonNode root) {
        this.root = root;
    }

    public static MetricsView parse(byte[] json) throws IOException {
        return new MetricsView(JSON.readTree(json));
    }

    /** A counter's count; fails when the counter is missing, since the names are shared contract. */
    public long counter(String name) {
        return count("counters", name);
    }

    public long timerCount(String name) {
        return count("timers", name);
    }

    public long meterCount(String name) {
        return count("meters", name);
    }

    public boolean has(String section, String name) {
        return root.path(section).has(name);
    }

    /** Every metric name in {@code section} ({@code gauges}, {@code counters}, ...). */
    public List<String> names(String section) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = root.path(section).fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }

    private long count(String section, String name) {
        JsonNode node = root.path(section).path(name);
        if (!node.has("count")) {
            throw new AssertionError("/metrics has no " + section + " entry '" + name + "'; it has " + names(section));
        }
        return node.get("count").asLong();
    }

    @Override
    public String toString() {
        return root.toString();
    }
}
