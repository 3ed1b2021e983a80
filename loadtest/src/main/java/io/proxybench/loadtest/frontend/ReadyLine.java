package io.proxybench.loadtest.frontend;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one stdout line servers of this project print once bound: {@code listening port=N [admin=M]}.
 *
 * <p>It is recognised at the end of a line, not only as a whole one: a JVM asked for diagnostics on
 * stdout ({@code -XX:+PrintCompilation}) writes them in pieces from its own threads, so the ready
 * line, which the server writes with its line break in one go, can follow part of such a line.
 */
public record ReadyLine(int port, Integer adminPort) {

    private static final Pattern LINE = Pattern.compile("listening port=(\\d+)(?: admin=(\\d+))?\\s*$");

    public static boolean matches(String line) {
        return LINE.matcher(line).find();
    }

    public static Optional<ReadyLine> parse(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(
                new ReadyLine(Integer.parseInt(m.group(1)), m.group(2) == null ? null : Integer.valueOf(m.group(2))));
    }
}
