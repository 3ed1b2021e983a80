package io.proxybench.loadtest.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads {@code --front-ends}: kinds and bracketed variants, e.g.
 * {@code netty,netty[workers.inbound=1,workers.stage=8],tomcat[maxThreads=500]}.
 *
 * <p>Commas inside brackets separate settings, commas outside separate front ends. A variant's label
 * is its text as written, so the user finds it again in tables and file names.
 */
public final class FrontEndListParser {

    private FrontEndListParser() {}

    public static List<FrontEndSpec> parse(String text) throws PlanException {
        return parse(text, Map.of());
    }

    /** With the front ends a run file defines, each named by its definition's name (no brackets). */
    public static List<FrontEndSpec> parse(String text, Map<String, ExternalFrontEnd> definitions)
            throws PlanException {
        List<FrontEndSpec> specs = new ArrayList<>();
        Set<String> labels = new HashSet<>();
        for (String item : splitOutsideBrackets(text)) {
            ExternalFrontEnd defined = definitions.get(item.trim());
            FrontEndSpec spec = defined != null ? FrontEndSpec.external(defined) : parseOne(item, definitions);
            if (!labels.add(spec.label())) {
                throw new PlanException("front end '" + spec.label() + "' is listed twice");
            }
            specs.add(spec);
        }
        return specs;
    }

    static FrontEndSpec parseOne(String item) throws PlanException {
        return parseOne(item, Map.of());
    }

    private static FrontEndSpec parseOne(String item, Map<String, ExternalFrontEnd> definitions) throws PlanException {
        String text = item.trim();
        if (text.isEmpty()) {
            throw new PlanException("empty front end in the list (two commas in a row?)");
        }
        int at = text.indexOf('@');
        int bracket = text.indexOf('[');
        if (at >= 0 && (bracket < 0 || at < bracket)) {
            return atRevision(text, at, bracket);
        }
        int open = text.indexOf('[');
        if (open < 0) {
            if (text.indexOf(']') >= 0) {
                throw new PlanException("front end '" + text + "' has ']' without '['");
            }
            if (!definitions.isEmpty()
                    && FrontEndKind.byId(text.toLowerCase(Locale.ROOT)).isEmpty()) {
                throw new PlanException("unknown front end '" + text + "' (expected one of " + FrontEndKind.allIds()
                        + ", or one the run file defines: " + String.join(", ", definitions.keySet()) + ")");
            }
            return FrontEndSpec.plain(FrontEndKind.parse(text));
        }
        if (!text.endsWith("]") || text.indexOf('[', open + 1) >= 0 || text.indexOf(']') != text.length() - 1) {
            throw new PlanException("front end '" + text + "': expected kind[key=value,...]");
        }
        FrontEndKind kind = FrontEndKind.parse(text.substring(0, open));
        Map<String, String> settings = new LinkedHashMap<>();
        for (String pair : text.substring(open + 1, text.length() - 1).split(",", -1)) {
            Setting setting = Setting.parse(pair, "front end '" + text + "'");
            settings.put(setting.key(), setting.value());
        }
        return new FrontEndSpec(text, kind, settings);
    }

    /** {@code netty@REF} or {@code netty@REF[key=value,...]}: the revision is a setting like any other. */
    private static FrontEndSpec atRevision(String text, int at, int bracket) throws PlanException {
        String revision = text.substring(at + 1, bracket < 0 ? text.length() : bracket);
        if (revision.isBlank() || !revision.matches("[A-Za-z0-9._/~^@{}+-]+")) {
            throw new PlanException("front end '" + text + "': expected kind@REVISION (a commit, tag, branch, HEAD~3"
                    + " or " + FrontEndSpec.WORKTREE + ")");
        }
        FrontEndSpec rest = parseOne(text.substring(0, at) + (bracket < 0 ? "" : text.substring(bracket)));
        if (!rest.kind().isJvm()) {
            throw new PlanException("front end '" + text + "': only netty and tomcat are built at a revision");
        }
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put(FrontEndSpec.REVISION, revision);
        settings.putAll(rest.settings());
        return new FrontEndSpec(text, rest.kind(), settings);
    }

    public static List<String> splitOutsideBrackets(String text) throws PlanException {
        List<String> items = new ArrayList<>();
        int depth = 0;
        StringBuilder current = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (c == '[') {
                depth++;
            } else if (c == ']') {
                depth--;
                if (depth < 0) {
                    throw new PlanException("unbalanced ']' in front ends '" + text + "'");
                }
            }
            if (c == ',' && depth == 0) {
                items.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        if (depth != 0) {
            throw new PlanException("unclosed '[' in front ends '" + text + "'");
        }
        items.add(current.toString());
        return items;
    }
}
