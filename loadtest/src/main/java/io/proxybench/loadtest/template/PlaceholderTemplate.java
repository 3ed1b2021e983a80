package io.proxybench.loadtest.template;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Text with {@code {{...}}} placeholders: a front end's command or config. Only double braces are
 * the kit's; a proxy's own syntax ({@code {host}}, {@code $host}, {@code %[src]}) passes through as
 * written, so a template can be any proxy's config file. A block tag ({@code {{#if tls}}},
 * {@code {{else}}}, {@code {{/if}}}) alone on its line takes the line with it, so a config reads as
 * the proxy's own.
 *
 * @param text     the template as read
 * @param source   where it was read, for messages ({@code run.yaml} or {@code envoy.yaml})
 * @param lineBase the source line of the text's first line
 */
public record PlaceholderTemplate(String text, String source, int lineBase) {

    private static final Pattern TAG = Pattern.compile("\\{\\{\\s*([^{}]*?)\\s*}}");
    private static final Pattern IF = Pattern.compile("#if\\s+(!?)\\s*(\\S+)");

    private enum Kind {
        TEXT,
        VALUE,
        IF,
        ELSE,
        END
    }

    /** One piece of the template: text as written, or a tag with its line. */
    private record Piece(Kind kind, String body, int line, boolean negated) {}

    /** Every placeholder known (the kit's names and {@code settings}), every block closed. */
    public void check(Set<String> settings) throws TemplateException {
        Set<String> known = new HashSet<>(RunPlaceholder.keys());
        known.addAll(settings);
        Deque<Piece> open = new ArrayDeque<>();
        Set<Piece> withElse = new HashSet<>();
        for (Piece piece : pieces()) {
            switch (piece.kind()) {
                case VALUE -> checkValue(piece, known);
                case IF -> {
                    if (!known.contains(piece.body())) {
                        throw error(piece, "unknown name '" + piece.body() + "' in {{#if}}" + knownList(known));
                    }
                    open.push(piece);
                }
                case ELSE -> {
                    if (open.isEmpty() || !withElse.add(open.peek())) {
                        throw error(piece, "{{else}} without its {{#if}}");
                    }
                }
                case END -> {
                    if (open.isEmpty()) {
                        throw error(piece, "{{/if}} without its {{#if}}");
                    }
                    open.pop();
                }
                case TEXT -> {}
            }
        }
        if (!open.isEmpty()) {
            throw error(open.peek(), "{{#if " + open.peek().body() + "}} is never closed by {{/if}}");
        }
    }

    /** {@link #check(Set)} for a template that may use the kit's names only. */
    public void check() throws TemplateException {
        check(Set.of());
    }

    /** True when it reads {@code name}, or a name under it ({@code tls} for {@code tls.cert}). */
    public boolean uses(String name) {
        for (Piece piece : piecesOrEmpty()) {
            List<String> read = switch (piece.kind()) {
                case IF -> List.of(piece.body());
                case VALUE -> namesIn(piece.body());
                default -> List.of();
            };
            if (read.stream().anyMatch(n -> n.equals(name) || n.startsWith(name + "."))) {
                return true;
            }
        }
        return false;
    }

    /** The text with each placeholder replaced by its value in {@code values} and each block decided. */
    public String render(Map<String, String> values) throws TemplateException {
        check(values.keySet());
        StringBuilder out = new StringBuilder();
        // per open block: whether its current branch is written
        Deque<boolean[]> blocks = new ArrayDeque<>();
        for (Piece piece : pieces()) {
            boolean writing = blocks.stream().allMatch(b -> b[0]);
            switch (piece.kind()) {
                case TEXT -> {
                    if (writing) {
                        out.append(piece.body());
                    }
                }
                case VALUE -> {
                    if (writing) {
                        out.append(value(piece, values));
                    }
                }
                case IF -> blocks.push(new boolean[] {condition(piece, values) != piece.negated()});
                case ELSE -> blocks.peek()[0] = !blocks.peek()[0];
                case END -> blocks.pop();
            }
        }
        return out.toString();
    }

    private void checkValue(Piece piece, Set<String> known) throws TemplateException {
        if (known.contains(piece.body())) {
            return;
        }
        TemplateExpression expression;
        try {
            expression = TemplateExpression.parse(piece.body());
        } catch (TemplateException e) {
            throw error(piece, "unknown placeholder {{" + piece.body() + "}}" + knownList(known));
        }
        for (String name : expression.names()) {
            if (!known.contains(name)) {
                throw error(
                        piece,
                        (name.equals(piece.body())
                                        ? "unknown placeholder {{" + name + "}}"
                                        : "unknown name '" + name + "' in {{" + piece.body() + "}}")
                                + knownList(known));
            }
        }
    }

    private String value(Piece piece, Map<String, String> values) throws TemplateException {
        String plain = values.get(piece.body());
        if (plain != null) {
            return plain;
        }
        try {
            return String.valueOf(TemplateExpression.parse(piece.body()).evaluate(name -> {
                String text = values.get(name);
                if (text == null) {
                    throw new TemplateException("no value for " + name);
                }
                try {
                    return Long.parseLong(text.trim());
                } catch (NumberFormatException e) {
                    throw new TemplateException(name + " is '" + text + "', not a whole number");
                }
            }));
        } catch (TemplateException e) {
            throw error(piece, "{{" + piece.body() + "}}: " + e.getMessage());
        }
    }

    private boolean condition(Piece piece, Map<String, String> values) throws TemplateException {
        String value = values.get(piece.body());
        if (value == null) {
            throw error(piece, "no value for {{#if " + piece.body() + "}}");
        }
        return switch (value) {
            case "true" -> true;
            case "false", "" -> false;
            default -> throw error(piece, "{{#if " + piece.body() + "}}: '" + value + "' is neither true nor false");
        };
    }

    private static List<String> namesIn(String body) {
        try {
            return TemplateExpression.parse(body).names();
        } catch (TemplateException e) {
            return List.of(body);
        }
    }

    private List<Piece> piecesOrEmpty() {
        try {
            return pieces();
        } catch (TemplateException e) {
            return List.of();
        }
    }

    /** The template cut into text and tags; a block tag alone on its line takes the whole line. */
    private List<Piece> pieces() throws TemplateException {
        List<Piece> pieces = new ArrayList<>();
        Matcher m = TAG.matcher(text);
        int textFrom = 0;
        while (m.find()) {
            int line = lineBase
                    + (int) text.substring(0, m.start())
                            .chars()
                            .filter(c -> c == '\n')
                            .count();
            String body = m.group(1);
            Piece tag = tag(body, line);
            int from = m.start();
            int to = m.end();
            if (tag.kind() != Kind.VALUE) {
                int lineStart = text.lastIndexOf('\n', m.start() - 1) + 1;
                int lineEnd = text.indexOf('\n', m.end());
                int end = lineEnd < 0 ? text.length() : lineEnd;
                if (lineStart >= textFrom
                        && text.substring(lineStart, m.start()).isBlank()
                        && text.substring(m.end(), end).isBlank()) {
                    from = lineStart;
                    to = lineEnd < 0 ? end : lineEnd + 1;
                }
            }
            if (from > textFrom) {
                pieces.add(new Piece(Kind.TEXT, text.substring(textFrom, from), line, false));
            }
            pieces.add(tag);
            textFrom = to;
        }
        if (textFrom < text.length()) {
            pieces.add(new Piece(Kind.TEXT, text.substring(textFrom), 0, false));
        }
        return pieces;
    }

    private Piece tag(String body, int line) throws TemplateException {
        if (body.equals("else")) {
            return new Piece(Kind.ELSE, body, line, false);
        }
        if (body.equals("/if")) {
            return new Piece(Kind.END, body, line, false);
        }
        if (body.startsWith("#")) {
            Matcher m = IF.matcher(body);
            if (!m.matches()) {
                throw new TemplateException(
                        source + ":" + line + ": {{" + body + "}}: the blocks are {{#if name}}, {{else}}, {{/if}}");
            }
            return new Piece(Kind.IF, m.group(2), line, !m.group(1).isEmpty());
        }
        return new Piece(Kind.VALUE, body, line, false);
    }

    private TemplateException error(Piece piece, String what) {
        return new TemplateException(source + ":" + piece.line() + ": " + what);
    }

    private static String knownList(Set<String> known) {
        return " (known: " + String.join(", ", new TreeSet<>(known)) + ")";
    }
}
