package io.proxybench.loadtest.plan;

import java.util.List;

/**
 * The JVM flags each proxy's {@code jvm.options} gives for the Java a run starts: what
 * {@code bin/proxy-netty} and {@code bin/proxy-tomcat} would start it with, and so what
 * {@code --jvm-profile modern} starts it with. Read once, when the plan is made.
 *
 * @param netty  proxy-netty's flags
 * @param tomcat proxy-tomcat's flags
 */
public record LauncherFlags(List<String> netty, List<String> tomcat) {

    /** Not read: a plan made without the files (the reference profile needs none). */
    public static final LauncherFlags NONE = new LauncherFlags(List.of(), List.of());

    public LauncherFlags {
        netty = List.copyOf(netty);
        tomcat = List.copyOf(tomcat);
    }

    public List<String> of(FrontEndKind kind) {
        return switch (kind) {
            case NETTY -> netty;
            case TOMCAT -> tomcat;
            default -> List.of();
        };
    }
}
