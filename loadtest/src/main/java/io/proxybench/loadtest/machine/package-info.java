/**
 * Describes the box a run happens on for run.json: kernel, CPU model, cores, memory, JDK,
 * open-files limits and sysctls (MachineProbe), and the git revision of the kit.
 */
package io.proxybench.loadtest.machine;
