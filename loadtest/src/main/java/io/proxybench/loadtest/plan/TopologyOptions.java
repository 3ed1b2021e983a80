package io.proxybench.loadtest.plan;

import java.nio.file.Path;

/**
 * Where the roles run and what the link between them looks like.
 *
 * @param name        {@code loopback}, {@code netns} or {@code hosts}
 * @param link        rate of the emulated link in tc syntax (e.g. {@code 1gbit}); null = unshaped
 * @param linkDelay   one-way delay added on the link in tc syntax (e.g. {@code 0.1ms}); null = none
 * @param applySysctl whether the kit may set the reference sysctls inside its namespaces
 * @param hostsFile   {@code hosts}: the file naming where each role runs; null otherwise
 */
public record TopologyOptions(String name, String link, String linkDelay, boolean applySysctl, Path hostsFile) {

    public static final String LOOPBACK = "loopback";
    public static final String NETNS = "netns";
    public static final String HOSTS = "hosts";

    public static TopologyOptions loopback() {
        return new TopologyOptions(LOOPBACK, null, null, false, null);
    }
}
