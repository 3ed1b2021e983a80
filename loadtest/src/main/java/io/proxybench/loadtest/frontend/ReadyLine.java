package io.proxybench.loadtest.frontend;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The one stdout line servers of this project print once bound: {@code listening port=N [admin=M]}. */
public record ReadyLine(int port, Integer adminPort) {

    private static final Pattern LINE = Pattern.compile("listening port=(\\d+)(?: admin=(\\d+))?\\s*");

    public static boolean matches(String line) {
        return LINE.matcher(line).matches();
    }

    public static Optional<ReadyLine> parse(String line) {
        Matcher m = LINE.matcher(line);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(new ReadyLine(Integer.parseInt(m.group(1)),
                m.group(2) == null ? null : Integer.valueOf(m.group(2))));
    }
}
