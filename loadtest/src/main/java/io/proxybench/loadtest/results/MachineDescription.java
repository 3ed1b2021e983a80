package io.proxybench.loadtest.results;

import java.util.Map;

/**
 * The box a run happened on, as run.json's {@code machine} object (read by {@code machine.MachineProbe}).
 *
 * @param ulimitNofile     the kit's soft open-files limit ({@code -1} = unlimited)
 * @param ulimitNofileHard its hard limit
 */
public record MachineDescription(
        String kernel,
        String cpuModel,
        Integer cores,
        Long memTotalMb,
        String jdk,
        Long ulimitNofile,
        Long ulimitNofileHard,
        Map<String, String> sysctls) {

    public MachineDescription {
        sysctls = sysctls == null ? Map.of() : sysctls;
    }
}
