package io.proxybench.core.config;

/** A configuration value is unknown or invalid; the message names the key, the value and where it came from. */
public final class ConfigException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }
}
