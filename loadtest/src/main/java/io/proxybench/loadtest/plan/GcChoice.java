package io.proxybench.loadtest.plan;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The collector for the JVM front ends ({@code --gc}); replaces the profile's choice. */
public enum GcChoice {
    G1("-XX:+UseG1GC"),
    PARALLEL("-XX:+UseParallelGC"),
    SERIAL("-XX:+UseSerialGC"),
    ZGC("-XX:+UseZGC"),
    SHENANDOAH("-XX:+UseShenandoahGC"),
    EPSILON("-XX:+UnlockExperimentalVMOptions", "-XX:+UseEpsilonGC");

    private final List<String> flags;

    GcChoice(String... flags) {
        this.flags = List.of(flags);
    }

    public List<String> flags() {
        return flags;
    }

    /** Accepts the names people type: {@code G1}, {@code Parallel}, {@code ZGC}, {@code Z}, {@code ParallelGC}. */
    public static GcChoice parse(String text) throws PlanException {
        String t = text.trim().toUpperCase(Locale.ROOT);
        if (t.equals("Z")) {
            return ZGC;
        }
        for (GcChoice gc : values()) {
            if (gc.name().equals(t) || (gc.name() + "GC").equals(t)) {
                return gc;
            }
        }
        throw new PlanException("--gc: unknown collector '" + text + "' (expected one of "
                + Arrays.stream(values()).map(GcChoice::name).collect(Collectors.joining(", ")) + ")");
    }

    /** True for a JVM flag that picks a collector, so that a profile's choice can be replaced. */
    static boolean isCollectorFlag(String jvmArg) {
        return jvmArg.matches("-XX:[+-]Use\\w+GC");
    }
}
