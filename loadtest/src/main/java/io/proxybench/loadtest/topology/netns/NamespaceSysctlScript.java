package io.proxybench.loadtest.topology.netns;

import io.proxybench.loadtest.proc.SysctlFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The shell pass that reads or writes kernel settings inside one namespace (one process per
 * namespace, whatever the number of keys), and the reading of its report.
 *
 * <p>Arguments: {@code read|write}, then pairs of /proc/sys-relative path and value. One report
 * line per pair: {@code status TAB before TAB after TAB detail}.
 */
final class NamespaceSysctlScript {

    static final String TEXT = """
            mode=$1; shift
            while [ "$#" -ge 2 ]; do
              p=/proc/sys/$1; v=$2; shift 2
              if [ ! -e "$p" ]; then printf 'absent\\t\\t\\t\\n'; continue; fi
              if ! b=$(tr '\\t' ' ' <"$p" 2>&1); then
                printf 'unreadable\\t\\t\\t%s\\n' "$(printf %s "$b" | tr '\\t\\n' '  ')"; continue
              fi
              if [ "$mode" = read ]; then printf 'read\\t%s\\t%s\\t\\n' "$b" "$b"; continue; fi
              if [ "$b" = "$v" ]; then printf 'unchanged\\t%s\\t%s\\t\\n' "$b" "$b"; continue; fi
              if [ ! -w "$p" ]; then printf 'read-only\\t%s\\t%s\\t\\n' "$b" "$b"; continue; fi
              e=$( { printf '%s\\n' "$v" >"$p"; } 2>&1 ) || true
              a=$(tr '\\t' ' ' <"$p" 2>/dev/null) || a=
              printf 'written\\t%s\\t%s\\t%s\\n' "$b" "$a" "$(printf %s "$e" | tr '\\t\\n' '  ')"
            done
            """;

    private NamespaceSysctlScript() {}

    /** {@code sh -c TEXT sh read|write path value ...}, to run inside a namespace. */
    static List<String> command(Map<String, String> settings, boolean write) {
        List<String> command = new ArrayList<>(List.of("sh", "-c", TEXT, "sh", write ? "write" : "read"));
        settings.forEach((key, value) -> {
            command.add(SysctlFile.relativePath(key));
            command.add(value);
        });
        return command;
    }

    /** The kit's own value of a key (the machine's, when the kit runs in the root namespace), or null. */
    static String machineValue(String key) {
        try {
            return SysctlFile.readCurrent(Path.of("/proc/sys"), key);
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
    }

    /** One log line's worth: what was set, and what was not and why. */
    static String summary(List<SysctlOutcome> outcomes) {
        List<String> set = new ArrayList<>();
        List<String> notSet = new ArrayList<>();
        for (SysctlOutcome o : outcomes) {
            switch (o.status()) {
                case SET, UNCHANGED -> set.add(o.key() + "=" + o.after());
                default ->
                    notSet.add(o.key() + " " + o.describe().get("status")
                            + (o.hostValue() != null ? " (machine value " + o.hostValue() + " applies)" : ""));
            }
        }
        return "set " + set + "; not set here: " + (notSet.isEmpty() ? "none" : notSet);
    }

    /**
     * @param hostValue the kit's own value of a key, for keys the namespace does not have
     * @throws IllegalStateException when the report does not have one line per key
     */
    static List<SysctlOutcome> outcomes(
            Map<String, String> settings, String report, boolean wrote, Function<String, String> hostValue) {
        List<String> lines = report.lines().filter(l -> !l.isBlank()).toList();
        if (lines.size() != settings.size()) {
            throw new IllegalStateException("kernel settings pass reported " + lines.size() + " lines for "
                    + settings.size() + " keys: " + report.strip().replaceAll("\\R", "; "));
        }
        List<SysctlOutcome> outcomes = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, String> setting : settings.entrySet()) {
            String[] f = lines.get(i++).split("\t", -1);
            String key = setting.getKey();
            String wanted = wrote ? SysctlFile.normalize(setting.getValue()) : null;
            String before = f.length > 1 && !f[1].isEmpty() ? SysctlFile.normalize(f[1]) : null;
            String after = f.length > 2 && !f[2].isEmpty() ? SysctlFile.normalize(f[2]) : null;
            String detail = f.length > 3 ? f[3].strip() : "";
            outcomes.add(
                    switch (f[0]) {
                        case "absent" ->
                            new SysctlOutcome(
                                    key,
                                    wanted,
                                    null,
                                    null,
                                    SysctlOutcome.Status.NOT_PRESENT,
                                    hostValue.apply(key),
                                    "not in this namespace: the kernel keeps it for the whole machine");
                        case "unreadable" ->
                            new SysctlOutcome(
                                    key,
                                    wanted,
                                    null,
                                    null,
                                    SysctlOutcome.Status.FAILED,
                                    null,
                                    "cannot read: " + detail);
                        case "read" -> new SysctlOutcome(key, null, before, after, SysctlOutcome.Status.READ, null, "");
                        case "unchanged" ->
                            new SysctlOutcome(key, wanted, before, after, SysctlOutcome.Status.UNCHANGED, null, "");
                        case "read-only" ->
                            new SysctlOutcome(
                                    key,
                                    wanted,
                                    before,
                                    after,
                                    SysctlOutcome.Status.READ_ONLY,
                                    hostValue.apply(key),
                                    "read-only in this namespace: shared with the machine, or no permission");
                        case "written" ->
                            wanted.equals(after)
                                    ? new SysctlOutcome(key, wanted, before, after, SysctlOutcome.Status.SET, null, "")
                                    : new SysctlOutcome(
                                            key,
                                            wanted,
                                            before,
                                            after,
                                            SysctlOutcome.Status.FAILED,
                                            null,
                                            detail.isEmpty() ? "reads back as " + after : detail);
                        default ->
                            throw new IllegalStateException(
                                    "kernel settings pass: unexpected line '" + lines.get(i - 1) + "'");
                    });
        }
        return outcomes;
    }
}
