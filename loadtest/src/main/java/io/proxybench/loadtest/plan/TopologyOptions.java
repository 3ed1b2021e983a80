package io.proxybench.loadtest.plan;

import java.nio.file.Path;

/**
 * Where the roles run and what the link between them looks like.
 *
 * @param kind        loopback, network namespaces or other boxes
 * @param link        rate of the emulated link in tc syntax (e.g. {@code 1gbit}); null = unshaped
 * @param linkDelay   one-way delay added on the link in tc syntax (e.g. {@code 0.1ms}); null = none
 * @param applySysctl whether the kit may set the reference sysctls inside its namespaces
 * @param hostsFile   {@code hosts}: the file naming where each role runs; null otherwise
 */
public record TopologyOptions(TopologyKind kind, String link, String linkDelay, boolean applySysctl, Path hostsFile) {

    public static TopologyOptions loopback() {
        return new TopologyOptions(TopologyKind.LOOPBACK, null, null, false, null);
    }
}
