package io.proxybench.loadtest.results;

import java.util.Map;

/**
 * The box a run happened on, as run.json's {@code machine} object (read by {@code machine.MachineProbe}).
 *
 * @param ulimitNofile     the kit's soft open-files limit ({@code -1} = unlimited)
 * @param ulimitNofileHard its hard limit
 * @param transparentHugePages the kernel's transparent-huge-pages mode ({@code always}, {@code madvise},
 *                         {@code never}): it decides whether a JVM's heap and compiled code sit on huge
 *                         pages, unasked ({@code always}) or with {@code -XX:+UseTransparentHugePages}
 *                         ({@code madvise}); null where unknown (older runs, kernels without it)
 */
public record MachineDescription(
        String kernel,
        String cpuModel,
        Integer cores,
        Long memTotalMb,
        String jdk,
        Long ulimitNofile,
        Long ulimitNofileHard,
        Map<String, String> sysctls,
        String transparentHugePages) {

    public MachineDescription {
        sysctls = sysctls == null ? Map.of() : sysctls;
    }
}
