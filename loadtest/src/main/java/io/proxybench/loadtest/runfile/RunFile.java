package io.proxybench.loadtest.runfile;

import io.proxybench.loadtest.plan.ExternalFrontEnd;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run file as read: its options as the command line would give them, where each key was, and the
 * front ends it defines.
 *
 * @param file        the file
 * @param options     {@code --key=value} tokens, in the file's order
 * @param keyLines    each key's line, for messages about its value
 * @param definitions the front ends it defines, by name
 */
public record RunFile(
        Path file,
        List<OptionValue> options,
        Map<String, Integer> keyLines,
        Map<String, ExternalFrontEnd> definitions) {

    public RunFile {
        options = List.copyOf(options);
        keyLines = Collections.unmodifiableMap(new LinkedHashMap<>(keyLines));
        definitions = Collections.unmodifiableMap(new LinkedHashMap<>(definitions));
    }

    /**
     * One option from the file.
     *
     * @param key    the long option's name without dashes
     * @param tokens what the command line would hold for it: {@code --key=value}, several for a repeated option
     */
    public record OptionValue(String key, List<String> tokens) {}

    /** {@code FILE:LINE} of {@code key}, when the file has it. */
    public Optional<String> where(String key) {
        Integer line = keyLines.get(key);
        return line == null ? Optional.empty() : Optional.of(file + ":" + line);
    }
}
