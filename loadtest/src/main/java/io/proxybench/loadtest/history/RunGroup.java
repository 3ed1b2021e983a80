package io.proxybench.loadtest.history;

import io.proxybench.loadtest.results.MachineDescription;
import io.proxybench.loadtest.results.RunMetadata;
import io.proxybench.loadtest.results.RunResults;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Runs whose figures compare over time: the same plan on the same machine, revisions apart.
 *
 * <p>The key is run.json's {@code machine} section, whole (kernel, CPU model, cores, memory, JDK, open-files
 * limits, sysctls, transparent huge pages), and its {@code settings}, whole but for two things: {@code out}
 * (where the results went says nothing of them) and the front ends' revisions ({@code netty@main[x=1]}
 * counts as {@code netty[x=1]}, each name once, in order), so that a revision measured in one run and
 * another revision in the next fall into one group. Everything else of the plan counts: front ends and
 * their settings, steps, duration, warm-up, mode, model, generator, JVM profile and flags, origin latency,
 * payload, topology, pinning, profiling, repeats. A run without {@code settings} (an older kit) is keyed by
 * its workload instead.
 *
 * @param key  the key, as text (for equality; not meant to be read)
 * @param runs the group's runs, oldest first
 */
public record RunGroup(String key, List<RunResults> runs) {

    private static final Pattern REVISION = Pattern.compile("^([^@\\[]+)@[^\\[]*");

    public RunGroup {
        runs = List.copyOf(runs);
    }

    /** The groups of {@code runs}, each oldest first; groups in the order of their oldest run. */
    public static List<RunGroup> of(List<RunResults> runs) {
        Map<String, List<RunResults>> byKey = new LinkedHashMap<>();
        runs.stream()
                .sorted(oldestFirst())
                .forEach(r -> byKey.computeIfAbsent(key(r.run()), k -> new ArrayList<>())
                        .add(r));
        List<RunGroup> groups = new ArrayList<>();
        byKey.forEach((key, members) -> groups.add(new RunGroup(key, members)));
        return groups;
    }

    /** Runs by start time, then run id; a run without a start time first. */
    static Comparator<RunResults> oldestFirst() {
        return Comparator.comparing((RunResults r) -> Objects.toString(r.run().startedAt(), ""))
                .thenComparing(r -> Objects.toString(r.run().runId(), r.dir().toString()));
    }

    /**
     * A front end's label without its revision: {@code netty@HEAD~1[workers.inbound=2]} is {@code
     * netty[workers.inbound=2]}.
     */
    public static String withoutRevision(String label) {
        return REVISION.matcher(label).replaceFirst("$1");
    }

    /** The comparable part of a run.json, as text. */
    static String key(RunMetadata run) {
        Map<String, Object> key = new TreeMap<>();
        key.put("machine", canonical(machine(run.machine())));
        if (run.settings() == null) {
            key.put("workload", canonical(run.workload().toString()));
        } else {
            Map<String, Object> settings = new TreeMap<>();
            run.settings().forEach((name, value) -> {
                if (!name.equals("out")) {
                    settings.put(name, canonical(value));
                }
            });
            if (settings.get("frontEnds") instanceof List<?> labels) {
                LinkedHashSet<String> names = new LinkedHashSet<>();
                labels.forEach(l -> names.add(withoutRevision(String.valueOf(l))));
                settings.put("frontEnds", List.copyOf(names));
            }
            key.put("settings", settings);
        }
        return key.toString();
    }

    private static Object machine(MachineDescription machine) {
        if (machine == null) {
            return null;
        }
        Map<String, Object> out = new TreeMap<>();
        out.put("kernel", machine.kernel());
        out.put("cpuModel", machine.cpuModel());
        out.put("cores", machine.cores());
        out.put("memTotalMb", machine.memTotalMb());
        out.put("jdk", machine.jdk());
        out.put("ulimitNofile", machine.ulimitNofile());
        out.put("ulimitNofileHard", machine.ulimitNofileHard());
        out.put("sysctls", machine.sysctls());
        out.put("transparentHugePages", machine.transparentHugePages());
        return out;
    }

    /** Maps sorted by key at every depth, so that the order a file lists them in does not matter. */
    private static Object canonical(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> sorted = new TreeMap<>();
            map.forEach((k, v) -> sorted.put(String.valueOf(k), canonical(v)));
            return sorted;
        }
        if (value instanceof List<?> list) {
            return list.stream().map(RunGroup::canonical).toList();
        }
        return value;
    }

    /** The oldest run's start, or its id. */
    public String firstStart() {
        return HistoryEntry.shortTime(runs.get(0).run().startedAt());
    }

    /** The newest run's start, or its id. */
    public String lastStart() {
        return HistoryEntry.shortTime(runs.get(runs.size() - 1).run().startedAt());
    }

    /** The plan in a few words, from the oldest run: front ends, load, steps, duration, repeats, machine. */
    public String description() {
        RunMetadata run = runs.get(0).run();
        Map<String, Object> settings = run.settings() == null ? Map.of() : run.settings();
        List<String> parts = new ArrayList<>();
        Object frontEnds = settings.get("frontEnds");
        if (frontEnds instanceof List<?> labels) {
            LinkedHashSet<String> names = new LinkedHashSet<>();
            labels.forEach(l -> names.add(withoutRevision(String.valueOf(l))));
            parts.add("front ends " + String.join(", ", names));
        }
        RunMetadata.Workload w = run.workload();
        parts.add(join(" ", w.generator(), w.mode(), w.model()));
        parts.add("steps "
                + String.join(",", w.steps().stream().map(String::valueOf).toList()));
        if (w.durationSec() != null) {
            parts.add(w.durationSec() + " s");
        }
        if (settings.get("repeat") != null) {
            parts.add("repeat " + settings.get("repeat"));
        }
        MachineDescription m = run.machine();
        if (m != null) {
            parts.add(join(
                    " ",
                    m.cpuModel(),
                    m.cores() == null ? null : "×" + m.cores(),
                    m.jdk() == null ? null : "JDK " + m.jdk()));
        }
        return String.join("; ", parts.stream().filter(p -> !p.isBlank()).toList());
    }

    private static String join(String separator, String... parts) {
        List<String> kept = new ArrayList<>();
        for (String p : parts) {
            if (p != null && !p.isBlank()) {
                kept.add(p);
            }
        }
        return String.join(separator, kept);
    }
}
