package io.proxybench.loadtest.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What to record during each measured step ({@code --profile}), never during the warm-up: one file
 * set per step.
 *
 * @param jfr      Java Flight Recorder with the {@code profile} settings: {@code raw/<front end>/<step>.jfr}
 * @param async    async-profiler, CPU and allocation together: {@code <step>-cpu.html} and {@code <step>-alloc.html}
 * @param syscalls the front end's system calls, counted by perf: {@code syscalls-<step>.json}; of every
 *                 front end, nginx and HAProxy too, where the other two record JVMs only
 */
public record Profiler(boolean jfr, boolean async, boolean syscalls) {

    public static final Profiler NONE = new Profiler(false, false, false);
    public static final Profiler JFR = new Profiler(true, false, false);
    public static final Profiler ASYNC = new Profiler(false, true, false);

    /** {@code none}, or any of {@code jfr}, {@code async}, {@code syscalls} joined with commas (in any order). */
    public static Profiler parse(String text) throws PlanException {
        boolean jfr = false;
        boolean async = false;
        boolean syscalls = false;
        boolean none = false;
        for (String part : text.toLowerCase(Locale.ROOT).split(",", -1)) {
            switch (part.strip()) {
                case "jfr" -> jfr = true;
                case "async" -> async = true;
                case "syscalls" -> syscalls = true;
                case "none" -> none = true;
                default ->
                    throw new PlanException("--profile: unknown profiler '" + part.strip()
                            + "' (expected none, or jfr, async, syscalls joined with commas)");
            }
        }
        if (none && (jfr || async || syscalls)) {
            throw new PlanException("--profile: 'none' cannot be combined with a profiler");
        }
        return new Profiler(jfr, async, syscalls);
    }

    /** The note for a run that records JVMs but also has nginx or HAProxy columns, which have none. */
    public Optional<String> unprofiledNote(List<FrontEndSpec> frontEnds) {
        List<String> others = frontEnds.stream()
                // a definition of the user's own is recorded when its command turns out to run a JVM
                .filter(f -> !f.kind().isJvm() && f.kind() != FrontEndKind.EXTERNAL)
                .map(FrontEndSpec::label)
                .toList();
        if (!jvm() || others.isEmpty()) {
            return Optional.empty();
        }
        String jvmParts = new Profiler(jfr, async, false).id();
        return Optional.of("--profile " + jvmParts + " records JVM front ends only: " + String.join(", ", others)
                + " run" + (others.size() == 1 ? "s" : "") + " without it");
    }

    /** Whether a recording inside the JVM is asked for (JFR, async-profiler). */
    public boolean jvm() {
        return jfr || async;
    }

    /** As the command line writes it, and run.json records it. */
    public String id() {
        List<String> parts = new ArrayList<>();
        if (jfr) {
            parts.add("jfr");
        }
        if (async) {
            parts.add("async");
        }
        if (syscalls) {
            parts.add("syscalls");
        }
        return parts.isEmpty() ? "none" : String.join(",", parts);
    }
}
