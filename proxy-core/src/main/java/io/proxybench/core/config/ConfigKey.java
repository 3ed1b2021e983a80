package io.proxybench.core.config;

import io.proxybench.common.units.ByteSizeSyntax;
import io.proxybench.common.units.DurationSyntax;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One typed, validated setting.
 *
 * @param name        dotted name as users write it, e.g. {@code workers.inbound}
 * @param parser      text → value; throws {@link IllegalArgumentException} with a reason
 * @param check       accepts valid values
 * @param rule        what {@code check} demands, for the error message
 * @param defaultText the built-in default as text (parsed like any other source)
 */
public record ConfigKey<T>(
        String name,
        Function<String, T> parser,
        Predicate<T> check,
        String rule,
        String defaultText,
        String description) {

    public T parse(String text) {
        return parser.apply(text);
    }

    public static ConfigKey<Integer> integer(String name, int defaultValue, int min, int max, String description) {
        return new ConfigKey<>(
                name,
                s -> Integer.parseInt(s.trim()),
                v -> v >= min && v <= max,
                "an integer in [" + min + ", " + max + "]",
                Integer.toString(defaultValue),
                description);
    }

    /** A number of bytes spelled as {@link ByteSizeSyntax} reads it: {@code 8192}, {@code 8KiB}. */
    public static ConfigKey<Integer> bytes(String name, int defaultValue, int min, int max, String description) {
        return new ConfigKey<>(
                name,
                s -> (int) Math.min(Integer.MAX_VALUE, ByteSizeSyntax.parse(s)),
                v -> v >= min && v <= max,
                "a size in [" + ByteSizeSyntax.format(min) + ", " + ByteSizeSyntax.format(max) + "]",
                Integer.toString(defaultValue),
                description);
    }

    /** A duration spelled as {@link DurationSyntax} reads it: {@code 500ms}, {@code 2s}, {@code 0}. */
    public static ConfigKey<Duration> duration(String name, String defaultValue, String description) {
        return new ConfigKey<>(
                name, DurationSyntax::parse, d -> true, "a duration such as 500ms or 2s", defaultValue, description);
    }

    public static ConfigKey<Duration> positiveDuration(String name, String defaultValue, String description) {
        return new ConfigKey<>(
                name,
                DurationSyntax::parse,
                d -> !d.isZero(),
                "a positive duration such as 500ms or 2s",
                defaultValue,
                description);
    }

    public static ConfigKey<Boolean> bool(String name, boolean defaultValue, String description) {
        return new ConfigKey<>(
                name, ConfigKey::parseBoolean, v -> true, "true or false", Boolean.toString(defaultValue), description);
    }

    public static ConfigKey<String> text(String name, String defaultValue, String description) {
        return new ConfigKey<>(name, String::trim, v -> true, "text", defaultValue, description);
    }

    public static ConfigKey<String> oneOf(String name, String defaultValue, List<String> allowed, String description) {
        return new ConfigKey<>(
                name,
                s -> s.trim().toLowerCase(Locale.ROOT),
                allowed::contains,
                "one of " + String.join(", ", allowed),
                defaultValue,
                description);
    }

    /** Comma-separated list; empty text is the empty list. */
    public static ConfigKey<List<String>> list(String name, String defaultValue, String description) {
        return new ConfigKey<>(
                name, ConfigKey::parseList, v -> true, "a comma-separated list", defaultValue, description);
    }

    /** Comma-separated, at least one entry, each one of {@code allowed} (spelled exactly). */
    public static ConfigKey<List<String>> subsetOf(
            String name, String defaultValue, List<String> allowed, String description) {
        return new ConfigKey<>(
                name,
                ConfigKey::parseList,
                v -> !v.isEmpty() && allowed.containsAll(v),
                "a comma-separated list of one or more of " + String.join(", ", allowed),
                defaultValue,
                description);
    }

    static List<String> parseList(String s) {
        return Arrays.stream(s.split(","))
                .map(String::trim)
                .filter(x -> !x.isEmpty())
                .toList();
    }

    private static Boolean parseBoolean(String s) {
        String v = s.trim().toLowerCase(Locale.ROOT);
        return switch (v) {
            case "true", "yes", "on", "1" -> Boolean.TRUE;
            case "false", "no", "off", "0" -> Boolean.FALSE;
            default -> throw new IllegalArgumentException("not a boolean");
        };
    }
}
