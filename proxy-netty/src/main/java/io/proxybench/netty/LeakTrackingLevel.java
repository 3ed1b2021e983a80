package io.proxybench.netty;

import io.netty.util.ResourceLeakDetector;
import java.util.Locale;
import java.util.Optional;

/**
 * Netty's buffer-leak tracking is one level for the whole JVM. At Netty's own default it records a
 * stack trace for one buffer in 128 and touches every message that passes a pipeline, which measured
 * 3 to 4 % of proxy-netty's CPU at 100 keep-alive connections: a cost nginx has no counterpart of.
 * So a proxy told nothing runs untracked ({@code auto}), while a JVM started with
 * {@code -Dio.netty.leakDetection.level} (the tests, at paranoid) keeps the level it asked for.
 */
final class LeakTrackingLevel {

    static final String PROPERTY = "io.netty.leakDetection.level";
    /** Untracked unless the JVM's property names a level. */
    static final String AUTO = "auto";
    /** Whatever Netty chose on its own: its default, or the property's level. */
    static final String NETTY = "netty";

    private LeakTrackingLevel() {}

    /** The level {@code setting} asks for given the JVM's {@code property}; empty to leave Netty's. */
    static Optional<ResourceLeakDetector.Level> toSet(String setting, String property) {
        if (NETTY.equals(setting) || AUTO.equals(setting) && property != null) {
            return Optional.empty();
        }
        if (AUTO.equals(setting)) {
            return Optional.of(ResourceLeakDetector.Level.DISABLED);
        }
        return Optional.of(ResourceLeakDetector.Level.valueOf(setting.toUpperCase(Locale.ROOT)));
    }

    static void apply(String setting) {
        toSet(setting, System.getProperty(PROPERTY)).ifPresent(ResourceLeakDetector::setLevel);
    }
}
