package io.proxybench.netty;

import java.util.Map;

/**
 * The write-up's worker layout, 4 inbound / 8 stage / 4 outbound, was chosen for an 8-core box:
 * half the cores, the cores, half the cores. Taken literally on a smaller machine it runs far more
 * threads than cores, so the {@code reference} profile keeps the ratios and scales the counts to
 * the cores at hand (rounded down, at least one each); {@code reference-literal} keeps 4/8/4.
 *
 * @param cores the cores the counts were scaled to (the write-up's 8 for the literal layout)
 */
public record ReferenceWorkers(int cores, int inbound, int stage, int outbound) {

    public static final String PROFILE = "reference";
    public static final String LITERAL_PROFILE = "reference-literal";

    /** The layout as the write-up ran it, on its 8 cores. */
    public static final ReferenceWorkers LITERAL = new ReferenceWorkers(8, 4, 8, 4);

    /** The write-up's ratios applied to {@code cores}: 2 cores give 1/2/1, 16 give 8/16/8. */
    public static ReferenceWorkers scaledTo(int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("cores must be at least 1, was " + cores);
        }
        return new ReferenceWorkers(
                cores, scale(LITERAL.inbound, cores), scale(LITERAL.stage, cores), scale(LITERAL.outbound, cores));
    }

    private static int scale(int writeUpCount, int cores) {
        return Math.max(1, writeUpCount * cores / LITERAL.cores);
    }

    /** The profile's settings. */
    Map<String, String> settings() {
        return Map.of(
                NettyConfigKeys.WORKERS_INBOUND.name(),
                Integer.toString(inbound),
                NettyConfigKeys.WORKERS_STAGE.name(),
                Integer.toString(stage),
                NettyConfigKeys.WORKERS_OUTBOUND.name(),
                Integer.toString(outbound));
    }

    @Override
    public String toString() {
        return inbound + "/" + stage + "/" + outbound + " on " + cores + " cores";
    }
}
