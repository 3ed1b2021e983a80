package io.proxybench.loadtest.proc;

/**
 * What a thread of a JVM does, told from its name as {@code /proc/<pid>/task/<tid>/stat} gives it
 * (the kernel keeps 15 characters): HotSpot names its compiler and collector threads, so their CPU
 * time can be told from the time spent serving requests. A compiler's time is a JVM still warming
 * (or recompiling); a collector's is the steady price of what the code allocates. Anything else
 * (request threads, the VM thread, timers, an admin port) is {@link #OTHER}. A process that is no
 * JVM has only {@link #OTHER} threads.
 */
public enum JvmThreadRole {
    /** C1 and C2 compiler threads, and JVMCI's (Graal) where it compiles. */
    COMPILER,
    /** The collectors' worker and concurrent threads: Serial and Parallel's, G1's, ZGC's, Shenandoah's. */
    GC,
    OTHER;

    private static final String[] COMPILER_PREFIXES = {"C1 CompilerThre", "C2 CompilerThre", "JVMCI"};
    private static final String[] GC_PREFIXES = {
        "GC Thread#", "G1 ", "ZDirector", "ZDriver", "ZStat", "ZUncommit", "ZUnmapper", "ZWorker", "Shenandoah"
    };

    /** The role of a thread named {@code name} (its {@code comm}). */
    public static JvmThreadRole of(String name) {
        if (startsWithAny(name, COMPILER_PREFIXES)) {
            return COMPILER;
        }
        return startsWithAny(name, GC_PREFIXES) ? GC : OTHER;
    }

    private static boolean startsWithAny(String name, String[] prefixes) {
        for (String p : prefixes) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
