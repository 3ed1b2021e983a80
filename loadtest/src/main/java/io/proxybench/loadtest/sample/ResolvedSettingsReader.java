package io.proxybench.loadtest.sample;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a JVM front end resolved at start, from its admin {@code /resolved}: the transport
 * {@code auto} became, its thread counts, leak tracking's level. A run records it beside the settings
 * it asked for, because a default that resolves differently on another machine or kernel (io_uring
 * allowed or not, epoll loadable or not) changes the figures without changing any setting.
 */
public final class ResolvedSettingsReader {

    public static final String PATH = "/resolved";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<LinkedHashMap<String, String>> MAP = new TypeReference<>() {};

    private final AdminGet admin = new AdminGet(Duration.ofSeconds(2));

    /**
     * @return name to value in the proxy's order; empty from a proxy without the route (404)
     * @throws IOException the admin port did not answer, or answered something else
     */
    public Map<String, String> read(URI resolved) throws IOException, InterruptedException {
        String body = admin.bodyOrNull(resolved);
        return body == null ? Map.of() : parse(body);
    }

    static Map<String, String> parse(String json) throws IOException {
        return JSON.readValue(json, MAP);
    }
}
