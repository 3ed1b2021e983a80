package io.proxybench.gatling.run;

import java.util.List;

/**
 * The figures file: one Gatling run, read back from its report, phase by phase.
 *
 * @param format      version of this layout; readers refuse others
 * @param report      the report directory, relative to the results directory
 * @param exitCode    Gatling's own exit code
 */
public record RunFigures(
        int format, String gatlingVersion, String simulation, int exitCode, String report, List<PhaseFigures> phases) {

    public static final int FORMAT = 1;
}
