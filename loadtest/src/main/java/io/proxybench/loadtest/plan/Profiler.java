package io.proxybench.loadtest.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What to record inside the JVM front ends during each measured step ({@code --profile}), never
 * during the warm-up: one file set per step.
 *
 * @param jfr   Java Flight Recorder with the {@code profile} settings: {@code raw/<front end>/<step>.jfr}
 * @param async async-profiler, CPU and allocation together: {@code <step>-cpu.html} and {@code <step>-alloc.html}
 */
public record Profiler(boolean jfr, boolean async) {

    public static final Profiler NONE = new Profiler(false, false);
    public static final Profiler JFR = new Profiler(true, false);
    public static final Profiler ASYNC = new Profiler(false, true);

    /** {@code none}, {@code jfr}, {@code async} or {@code jfr,async} (either order). */
    public static Profiler parse(String text) throws PlanException {
        boolean jfr = false;
        boolean async = false;
        boolean none = false;
        for (String part : text.toLowerCase(Locale.ROOT).split(",", -1)) {
            switch (part.strip()) {
                case "jfr" -> jfr = true;
                case "async" -> async = true;
                case "none" -> none = true;
                default -> throw new PlanException("--profile: unknown profiler '" + part.strip()
                        + "' (expected none, jfr, async or jfr,async)");
            }
        }
        if (none && (jfr || async)) {
            throw new PlanException("--profile: 'none' cannot be combined with a profiler");
        }
        return new Profiler(jfr, async);
    }

    /** The note for a run that profiles but also has nginx or HAProxy columns, which have no JVM to record. */
    public Optional<String> unprofiledNote(List<FrontEndSpec> frontEnds) {
        List<String> others = frontEnds.stream().filter(f -> !f.kind().isJvm()).map(FrontEndSpec::label).toList();
        if (!any() || others.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("--profile " + id() + " records JVM front ends only: " + String.join(", ", others)
                + " run" + (others.size() == 1 ? "s" : "") + " without it");
    }

    public boolean any() {
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
        return parts.isEmpty() ? "none" : String.join(",", parts);
    }
}
