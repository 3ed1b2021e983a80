package io.proxybench.tomcat.connector;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import org.apache.tomcat.util.threads.VirtualThreadExecutor;

/**
 * The threads a client connector runs its requests on, by their {@code tomcat.threads} name. A request
 * keeps its thread from the first byte of its head to the last byte of its response, origin call
 * included (HttpClient's blocking calls run on the caller), so this is also the thread every origin
 * call blocks on.
 */
public enum RequestThreads {
    /** Tomcat's pool of platform threads, {@code tomcat.maxThreads} of them at most. */
    PLATFORM,
    /**
     * One virtual thread per request ({@link VirtualThreadExecutor}); a blocking socket call parks it
     * and frees its carrier, a native call (APR's socket reads) pins the carrier instead.
     */
    VIRTUAL;

    /** The first Java release with virtual threads outside preview. */
    public static final int VIRTUAL_SINCE = 21;

    /** The config spelling: {@code platform}, {@code virtual}. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RequestThreads of(String configName) {
        return valueOf(configName.trim().toUpperCase(Locale.ROOT));
    }

    /** Every config spelling, in declaration order. */
    public static List<String> configNames() {
        return Arrays.stream(values()).map(RequestThreads::configName).toList();
    }

    /**
     * Why this JVM cannot run these threads, in one line; null when it can. Asked before anything
     * starts: Tomcat itself would only fail inside its connector start, with a stack trace.
     *
     * @param javaFeature the running Java's feature release ({@code Runtime.version().feature()})
     */
    public String unsupportedReason(int javaFeature, String javaVersion) {
        if (this == VIRTUAL && javaFeature < VIRTUAL_SINCE) {
            return "tomcat.threads=virtual needs a Java " + VIRTUAL_SINCE + "+ runtime; this is " + javaVersion;
        }
        return null;
    }

    /** Which threads {@code executor} (a started connector's) really runs requests on. */
    public static RequestThreads servedBy(Executor executor) {
        return executor instanceof VirtualThreadExecutor ? VIRTUAL : PLATFORM;
    }
}
