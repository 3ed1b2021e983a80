package io.proxybench.loadtest.template;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whole-number arithmetic inside a placeholder, so that a definition sizes its proxy from the run as
 * the kit's own settings do ({@code {{4 * connections + 128}}}, {@code {{max(511, connections)}}}):
 * numbers, names, {@code + - * /} (integer division), parentheses, {@code min} and {@code max}.
 * Names hold letters, digits, {@code _} and {@code .}; a hyphenated name is read only as a whole
 * placeholder, never in arithmetic, where the hyphen is a minus.
 */
final class TemplateExpression {

    private static final Pattern TOKEN = Pattern.compile("\\s*(\\d+|[A-Za-z_][A-Za-z0-9_.]*|[-+*/(),])");

    private final String text;
    private final List<String> tokens;
    private int next;
    private NameValues lookup;

    /** The whole number a name stands for; throws when it stands for none. */
    @FunctionalInterface
    interface NameValues {
        long valueOf(String name) throws TemplateException;
    }

    private TemplateExpression(String text, List<String> tokens) {
        this.text = text;
        this.tokens = tokens;
    }

    /** The expression read; an error names what is wrong with it, for the caller to place. */
    static TemplateExpression parse(String text) throws TemplateException {
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        int at = 0;
        while (at < text.length()) {
            if (!m.find(at) || m.start() != at) {
                if (text.substring(at).isBlank()) {
                    break;
                }
                throw new TemplateException("'" + text.trim() + "' is neither a known name nor arithmetic");
            }
            tokens.add(m.group(1));
            at = m.end();
        }
        TemplateExpression expression = new TemplateExpression(text, tokens);
        expression.evaluate(name -> 1L);
        return expression;
    }

    /** The names it reads, in order. */
    List<String> names() {
        return tokens.stream()
                .filter(t -> Character.isLetter(t.charAt(0)) || t.charAt(0) == '_')
                .filter(t -> !t.equals("min") && !t.equals("max"))
                .toList();
    }

    /** Its value with each name's from {@code values}, which throws for a name without a whole number. */
    long evaluate(NameValues values) throws TemplateException {
        this.lookup = values;
        this.next = 0;
        try {
            long value = sum();
            if (next != tokens.size()) {
                throw new TemplateException("'" + text.trim() + "': unexpected '" + tokens.get(next) + "'");
            }
            return value;
        } catch (ArithmeticException e) {
            throw new TemplateException("'" + text.trim() + "': " + e.getMessage());
        }
    }

    private long sum() throws TemplateException {
        long value = product();
        while (peek("+") || peek("-")) {
            value = tokens.get(next++).equals("+")
                    ? Math.addExact(value, product())
                    : Math.subtractExact(value, product());
        }
        return value;
    }

    private long product() throws TemplateException {
        long value = factor();
        while (peek("*") || peek("/")) {
            if (tokens.get(next++).equals("*")) {
                value = Math.multiplyExact(value, factor());
            } else {
                long divisor = factor();
                if (divisor == 0) {
                    throw new TemplateException("'" + text.trim() + "' divides by zero");
                }
                value /= divisor;
            }
        }
        return value;
    }

    private long factor() throws TemplateException {
        if (next >= tokens.size()) {
            throw new TemplateException("'" + text.trim() + "' ends too early");
        }
        String token = tokens.get(next++);
        if (token.equals("-")) {
            return Math.negateExact(factor());
        }
        if (token.equals("(")) {
            long value = sum();
            expect(")");
            return value;
        }
        if (token.equals("min") || token.equals("max")) {
            expect("(");
            long first = sum();
            expect(",");
            long second = sum();
            expect(")");
            return token.equals("min") ? Math.min(first, second) : Math.max(first, second);
        }
        if (Character.isDigit(token.charAt(0))) {
            return Long.parseLong(token);
        }
        if (Character.isLetter(token.charAt(0)) || token.charAt(0) == '_') {
            return lookup.valueOf(token);
        }
        throw new TemplateException("'" + text.trim() + "': unexpected '" + token + "'");
    }

    private boolean peek(String token) {
        return next < tokens.size() && tokens.get(next).equals(token);
    }

    private void expect(String token) throws TemplateException {
        if (!peek(token)) {
            throw new TemplateException("'" + text.trim() + "': expected '" + token + "'");
        }
        next++;
    }
}
