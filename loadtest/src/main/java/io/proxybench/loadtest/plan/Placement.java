package io.proxybench.loadtest.plan;

/**
 * Where the roles run, and on which CPUs.
 *
 * @param topology   loopback, network namespaces or other boxes, with the link between them
 * @param cpuPinning CPUs of each role ({@code --cpus}); {@link CpuPinning#NONE} for none
 */
public record Placement(TopologyOptions topology, CpuPinning cpuPinning) {

    /** Every role on this machine's loopback interface, on any CPU. */
    public static final Placement LOOPBACK = new Placement(TopologyOptions.loopback(), CpuPinning.NONE);

    public Placement {
        cpuPinning = cpuPinning == null ? CpuPinning.NONE : cpuPinning;
    }
}
