package io.proxybench.loadtest.plan;

import java.util.Locale;

/** Where the roles of a run live ({@code --topology}). */
public enum TopologyKind {
    /** Every role on this machine's loopback interface. */
    LOOPBACK,
    /** Each role in a network namespace of its own, joined by veth links. */
    NETNS,
    /** Each role on the box the hosts file names, reached over ssh. */
    HOSTS;

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
