package io.proxybench.loadtest.sample;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The numeric figures of a Dropwizard metrics JSON document (an admin {@code /metrics}), by name: a
 * gauge's {@code value}, a counter's, meter's or timer's {@code count}. A figure that is not a
 * number (a gauge that failed, one that publishes text) is skipped, not read as zero.
 */
final class MetricsDocument {

    /** Every section a proxy's {@code /metrics} has. */
    static final String[] ALL_SECTIONS = {"gauges", "counters", "meters", "timers"};

    private static final ObjectMapper JSON = new ObjectMapper();

    private MetricsDocument() {}

    /** Hands each numeric figure of the named sections, in the document's order, to {@code figure}. */
    static void forEachFigure(String json, String[] sections, BiConsumer<String, JsonNode> figure) throws IOException {
        JsonNode root = JSON.readTree(json);
        for (String section : sections) {
            for (Iterator<Map.Entry<String, JsonNode>> it = root.path(section).fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode value = e.getValue().has("value")
                        ? e.getValue().get("value")
                        : e.getValue().get("count");
                if (value != null && value.isNumber()) {
                    figure.accept(e.getKey(), value);
                }
            }
        }
    }
}
