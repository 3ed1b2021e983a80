package io.proxybench.loadtest.plan;

/**
 * Where the roles run and what the link between them looks like.
 *
 * @param name        {@code loopback} or {@code netns}
 * @param link        rate of the emulated link in tc syntax (e.g. {@code 1gbit}); null = unshaped
 * @param linkDelay   one-way delay added on the link in tc syntax (e.g. {@code 0.1ms}); null = none
 * @param applySysctl whether the kit may set the reference sysctls inside its namespaces
 */
public record TopologyOptions(String name, String link, String linkDelay, boolean applySysctl) {

    public static final String LOOPBACK = "loopback";
    public static final String NETNS = "netns";

    public static TopologyOptions loopback() {
        return new TopologyOptions(LOOPBACK, null, null, false);
    }
}
