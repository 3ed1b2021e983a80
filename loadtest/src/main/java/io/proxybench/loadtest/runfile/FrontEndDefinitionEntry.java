package io.proxybench.loadtest.runfile;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Map;

/**
 * An entry of {@code front-ends} that defines a front end instead of naming a built-in one, as the
 * YAML reads and {@code plan.yaml} writes it; {@link FrontEndDefinitions} checks it into an
 * {@link io.proxybench.loadtest.plan.ExternalFrontEnd}.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({
    "name",
    "command",
    "config",
    "settings",
    "ready",
    "ready-timeout",
    "env",
    "stop",
    "address",
    "pid",
    "pidfile"
})
public record FrontEndDefinitionEntry(
        @JsonProperty("name") String name,
        @JsonProperty("command") String command,
        @JsonProperty("config") String config,
        @JsonProperty("settings") Map<String, String> settings,
        @JsonProperty("ready") String ready,
        @JsonProperty("ready-timeout") String readyTimeout,
        @JsonProperty("env") Map<String, String> env,
        @JsonProperty("stop") Stop stop,
        @JsonProperty("address") String address,
        @JsonProperty("pid") Long pid,
        @JsonProperty("pidfile") String pidFile) {

    /** {@code stop: {signal: QUIT, grace: 20s}}. */
    @JsonInclude(JsonInclude.Include.NON_EMPTY)
    public record Stop(
            @JsonProperty("signal") String signal,
            @JsonProperty("grace") String grace) {}
}
