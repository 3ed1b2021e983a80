package io.proxybench.origin.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.proxybench.origin.OriginStats;
import java.io.UncheckedIOException;

/** Renders {@link OriginStats} as the JSON served at {@code /_origin/stats}. */
final class StatsJson {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private StatsJson() {}

    static byte[] render(OriginStats stats) {
        try {
            return MAPPER.writeValueAsBytes(stats);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
