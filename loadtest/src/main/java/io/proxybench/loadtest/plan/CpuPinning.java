package io.proxybench.loadtest.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Which CPUs each role's processes may run on ({@code --cpus generator=0,proxy=1,origin=1}), in
 * taskset's list syntax per role; a role left out runs on every CPU.
 *
 * @param lists role ({@link #ROLES}) to its CPU list as given (spaces removed), in {@link #ROLES} order
 */
public record CpuPinning(Map<String, String> lists) {

    /** The roles, in the order they are printed. */
    public static final List<String> ROLES = List.of("generator", "proxy", "origin");

    /** No role pinned. */
    public static final CpuPinning NONE = new CpuPinning(Map.of());

    public CpuPinning {
        Map<String, String> ordered = new LinkedHashMap<>();
        for (String role : ROLES) {
            if (lists.containsKey(role)) {
                ordered.put(role, lists.get(role));
            }
        }
        lists = Collections.unmodifiableMap(ordered);
    }

    /**
     * Parses {@code role=LIST,role=LIST}: a LIST is CPU numbers and ranges joined by commas
     * ({@code 0}, {@code 0-1}, {@code 0,2}), so a comma starts a new role only where a {@code role=} follows.
     *
     * @param online the CPUs this machine has; a list naming any other is an error
     */
    public static CpuPinning parse(String text, SortedSet<Integer> online) throws PlanException {
        if (text == null) {
            return NONE;
        }
        Map<String, String> lists = new LinkedHashMap<>();
        String role = null;
        List<String> parts = new ArrayList<>();
        for (String token : text.replace(" ", "").split(",", -1)) {
            int eq = token.indexOf('=');
            if (eq >= 0) {
                put(lists, role, parts, online);
                role = token.substring(0, eq).toLowerCase(Locale.ROOT);
                if (!ROLES.contains(role)) {
                    throw new PlanException("--cpus: unknown role '" + token.substring(0, eq) + "' (expected "
                            + String.join(", ", ROLES) + ")");
                }
                if (lists.containsKey(role)) {
                    throw new PlanException("--cpus: role '" + role + "' is given twice");
                }
                parts = new ArrayList<>();
                token = token.substring(eq + 1);
            } else if (role == null) {
                throw new PlanException(
                        "--cpus: '" + text + "' must start with a role: generator=LIST, proxy=LIST, origin=LIST");
            }
            parts.add(token);
        }
        put(lists, role, parts, online);
        return new CpuPinning(lists);
    }

    private static void put(Map<String, String> lists, String role, List<String> parts, SortedSet<Integer> online)
            throws PlanException {
        if (role == null) {
            return;
        }
        String list = String.join(",", parts);
        SortedSet<Integer> cpus = cpus(list, "--cpus " + role);
        SortedSet<Integer> missing = new TreeSet<>(cpus);
        missing.removeAll(online);
        if (!missing.isEmpty()) {
            throw new PlanException("--cpus " + role + ": CPU " + missing.first() + " does not exist on this machine"
                    + " (it has " + format(online) + ")");
        }
        lists.put(role, list);
    }

    /**
     * The CPUs of a list in taskset syntax ({@code 0}, {@code 0-3}, {@code 0,2-3}); also /sys's
     * {@code online} file.
     */
    public static SortedSet<Integer> cpus(String list, String what) throws PlanException {
        SortedSet<Integer> cpus = new TreeSet<>();
        if (list.isBlank()) {
            throw new PlanException(what + ": empty CPU list (write e.g. 0, 0-1 or 0,2)");
        }
        for (String part : list.strip().split(",", -1)) {
            String[] range = part.split("-", -1);
            if (range.length > 2) {
                throw new PlanException(what + ": '" + part + "' is not a CPU or a range of CPUs");
            }
            int from = number(range[0], what, part);
            int to = range.length == 2 ? number(range[1], what, part) : from;
            if (to < from) {
                throw new PlanException(what + ": range '" + part + "' runs backwards");
            }
            for (int cpu = from; cpu <= to; cpu++) {
                cpus.add(cpu);
            }
        }
        return cpus;
    }

    private static int number(String text, String what, String part) throws PlanException {
        if (text.isEmpty() || !text.chars().allMatch(Character::isDigit) || text.length() > 5) {
            throw new PlanException(
                    what + ": '" + part + "' is not a CPU or a range of CPUs (write e.g. 0, 0-1 or 0,2)");
        }
        return Integer.parseInt(text);
    }

    public boolean isEmpty() {
        return lists.isEmpty();
    }

    /** The taskset list of {@code role} ({@code generator}, {@code proxy}, {@code origin}), or null when unpinned. */
    public String listFor(String role) {
        return lists.get(role);
    }

    /** CPUs {@code role} may use: its list's size, or {@code machineCores} when unpinned. */
    public int coresFor(String role, int machineCores) {
        String list = lists.get(role);
        if (list == null) {
            return machineCores;
        }
        try {
            return cpus(list, role).size();
        } catch (PlanException e) {
            return machineCores;
        }
    }

    /**
     * One line per pair of pinned roles that share a CPU, e.g. "proxy and origin share CPU 1: their
     * CPU figures compete". Roles left unpinned are not counted: they share everything by choice.
     */
    public List<String> sharedCpuWarnings() {
        List<String> warnings = new ArrayList<>();
        List<String> pinned = new ArrayList<>(lists.keySet());
        for (int i = 0; i < pinned.size(); i++) {
            for (int j = i + 1; j < pinned.size(); j++) {
                SortedSet<Integer> shared = parsed(pinned.get(i));
                shared.retainAll(parsed(pinned.get(j)));
                if (!shared.isEmpty()) {
                    warnings.add(pinned.get(i) + " and " + pinned.get(j) + " share CPU"
                            + (shared.size() > 1 ? "s " : " ") + format(shared) + ": their CPU figures compete");
                }
            }
        }
        return warnings;
    }

    /** {@code generator 0, proxy 1, origin 1}, as the report prints it. */
    public String describe() {
        return lists.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", "));
    }

    /** Read back from run.json's {@code settings.cpus}; unknown roles and bad lists are dropped. */
    public static CpuPinning fromSettings(Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            return NONE;
        }
        Map<String, String> lists = new LinkedHashMap<>();
        map.forEach((k, v) -> {
            if (k instanceof String role && ROLES.contains(role) && v != null) {
                lists.put(role, v.toString());
            }
        });
        return new CpuPinning(lists);
    }

    private SortedSet<Integer> parsed(String role) {
        try {
            return cpus(lists.get(role), role);
        } catch (PlanException e) {
            return new TreeSet<>();
        }
    }

    /** {@code 1}, {@code 0,1} or {@code 0-3}: the shortest taskset list of a set of CPUs. */
    static String format(Set<Integer> cpus) {
        List<String> parts = new ArrayList<>();
        Integer start = null;
        Integer previous = null;
        for (int cpu : new TreeSet<>(cpus)) {
            if (previous != null && cpu == previous + 1) {
                previous = cpu;
                continue;
            }
            if (start != null) {
                parts.add(range(start, previous));
            }
            start = cpu;
            previous = cpu;
        }
        if (start != null) {
            parts.add(range(start, previous));
        }
        return String.join(",", parts);
    }

    private static String range(int from, int to) {
        return from == to ? Integer.toString(from) : to == from + 1 ? from + "," + to : from + "-" + to;
    }
}
