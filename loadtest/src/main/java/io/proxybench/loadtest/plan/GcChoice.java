package io.proxybench.loadtest.plan;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The collector for the JVM front ends ({@code --gc}); replaces the profile's choice. */
public enum GcChoice {
    G1("G1", "-XX:+UseG1GC"),
    PARALLEL("Parallel", "-XX:+UseParallelGC"),
    SERIAL("Serial", "-XX:+UseSerialGC"),
    ZGC("ZGC", "-XX:+UseZGC"),
    SHENANDOAH("Shenandoah", "-XX:+UseShenandoahGC"),
    EPSILON("Epsilon", "-XX:+UnlockExperimentalVMOptions", "-XX:+UseEpsilonGC");

    private final String label;
    private final List<String> flags;

    GcChoice(String label, String... flags) {
        this.label = label;
        this.flags = List.of(flags);
    }

    public List<String> flags() {
        return flags;
    }

    /** As the collector's documentation writes it, and {@code --help} lists it: {@code G1}, {@code Parallel}. */
    @Override
    public String toString() {
        return label;
    }

    /**
     * The collector of a name as people type it, in any case: {@code Parallel}, {@code ZGC}, the
     * flag's own {@code ParallelGC}, or {@code Z}.
     */
    public static Optional<GcChoice> find(String text) {
        String typed = text.trim().toUpperCase(Locale.ROOT);
        if (typed.equals("Z")) {
            return Optional.of(ZGC);
        }
        for (GcChoice gc : values()) {
            if (gc.name().equals(typed) || (gc.name() + "GC").equals(typed)) {
                return Optional.of(gc);
            }
        }
        return Optional.empty();
    }

    /** True for a JVM flag that picks a collector, so that a profile's choice can be replaced. */
    static boolean isCollectorFlag(String jvmArg) {
        return jvmArg.matches("-XX:[+-]Use\\w+GC");
    }
}
