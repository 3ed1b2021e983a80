package io.proxybench.loadtest.plan;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * When an external front end takes load: its port answers a proxied request ({@code port}, the
 * default), a line of its output matches a pattern, or an HTTP path of its own answers 2xx.
 *
 * @param kind  which of the three
 * @param value the pattern or the path; empty for {@link Kind#PORT}
 */
public record ReadyCondition(Kind kind, String value) {

    public static final ReadyCondition PORT = new ReadyCondition(Kind.PORT, "");

    /** The three ways to be ready. */
    public enum Kind {
        PORT,
        LOG_LINE,
        HTTP_PATH
    }

    /** {@code port}; a path starting with '/'; anything else is a regular expression over output lines. */
    public static ReadyCondition parse(String text) throws PlanException {
        if (text == null || text.isBlank() || text.trim().equals("port")) {
            return PORT;
        }
        if (text.startsWith("/")) {
            return new ReadyCondition(Kind.HTTP_PATH, text);
        }
        try {
            Pattern.compile(text);
        } catch (PatternSyntaxException e) {
            throw new PlanException("ready: '" + text + "' is not a pattern: " + e.getDescription());
        }
        return new ReadyCondition(Kind.LOG_LINE, text);
    }

    /** As written in a run file. */
    public String text() {
        return kind == Kind.PORT ? "port" : value;
    }

    /** True when {@code line} of the front end's output says it is ready. */
    public boolean matches(String line) {
        return kind == Kind.LOG_LINE && Pattern.compile(value).matcher(line).find();
    }
}
