package io.proxybench.loadtest.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * JVM flags and proxy settings for the two JVM front ends ({@code --jvm-profile}).
 *
 * <p>{@code reference} is the configuration of the reference write-up: fixed heaps with a large
 * young generation, the parallel collector, and each proxy's {@code --profile reference}
 * (Netty: 4 inbound / 8 stage / 4 outbound workers; Tomcat: APR connector, 5000 threads and
 * keep-alive requests). {@code modern} starts each proxy as its launcher in {@code bin/} does: the
 * flags of its {@code jvm.options} ({@link LauncherFlags}) and the proxy's own defaults. {@code jdk}
 * starts it with no flags: the JDK's defaults (its heap sized from the machine's memory, G1).
 */
public enum JvmProfile {
    REFERENCE,
    MODERN,
    /** No flags at all: the JDK's own defaults, to show what the recommended flags change. */
    JDK;

    /** Flags of the final JVM options are printed at start-up: the conditions go beside the numbers. */
    private static final String PRINT_FLAGS = "-XX:+PrintFlagsFinal";

    /**
     * JDK 17 wakes a thread every 50 ms to sample the counters jstat reads; on this kind of virtual
     * machine each wake-up is charged 0.1–0.25 ms, about 1.3 ms of CPU a second in all, which at
     * 200 requests a second is 6–7 µs of every request and nothing nginx pays. Once a second keeps
     * jstat working; JDK 25 dropped the sampler (and warns that it ignores the flag).
     */
    public static final String PERF_DATA_SAMPLING = "-XX:PerfDataSamplingInterval=1000";

    /** The profile's flags for a kind; the modern profile's are {@code launcher}'s, read from the files. */
    public List<String> jvmArgs(FrontEndKind kind, LauncherFlags launcher) {
        if (!kind.isJvm()) {
            return List.of();
        }
        if (this == MODERN) {
            List<String> args = new ArrayList<>(launcher.of(kind));
            args.add(PRINT_FLAGS);
            return List.copyOf(args);
        }
        if (this == JDK) {
            return List.of(PRINT_FLAGS);
        }
        return kind == FrontEndKind.NETTY
                ? List.of(
                        "-server",
                        "-Xms1500m",
                        "-Xmx1500m",
                        "-Xmn500m",
                        "-XX:+UseParallelGC",
                        "-XX:+UseCompressedOops",
                        PRINT_FLAGS)
                : List.of(
                        "-server",
                        "-Xms3500m",
                        "-Xmx3500m",
                        "-Xmn1024m",
                        "-XX:+UseParallelGC",
                        "-XX:+UseCompressedOops",
                        PRINT_FLAGS);
    }

    /** Proxy flags that come before the user's own {@code --set} settings. */
    public List<String> proxyArgs(FrontEndKind kind) {
        return this == REFERENCE && kind.isJvm() ? List.of("--profile", "reference") : List.of();
    }

    /** As the command line writes it, and run.json records it. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** As the command line writes it: {@code --help} lists it so. */
    @Override
    public String toString() {
        return id();
    }
}
