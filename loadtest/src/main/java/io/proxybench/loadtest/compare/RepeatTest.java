package io.proxybench.loadtest.compare;

import java.util.List;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * The two-sided Mann–Whitney U test on one figure's repeats, baseline against candidate.
 *
 * <p>The unit of the test is the repeat: each repeat starts a fresh origin and front end, so repeats
 * are independent draws of what the machine and the code give. The one-second samples inside a step
 * are not: neighbouring seconds share the JIT state, the heap and the machine's mood, and treating them
 * as independent would call a difference of a few per cent between two identical runs significant.
 * Ranks rather than means, because one disturbed repeat must not decide. Without ties the p is exact
 * (Apache Commons Statistics computes the exact distribution for small samples); with ties it uses
 * the normal approximation, and is never taken below the exact test's smallest possible p, which no
 * arrangement of that many repeats can go under.
 *
 * <p>The one test of the kit: {@code compare} applies it to two runs' repeats, {@code ab} and {@code gate} to
 * the rounds of an interleaved A/B run.
 */
public final class RepeatTest {

    private static final MannWhitneyUTest TEST = MannWhitneyUTest.withDefaults();

    private RepeatTest() {}

    /** Two-sided p that baseline and candidate come from the same distribution; 1 when they cannot be told apart. */
    public static double pValue(List<Double> baseline, List<Double> candidate) {
        return pValue(
                baseline.stream().mapToDouble(Double::doubleValue).toArray(),
                candidate.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The same, on arrays. */
    public static double pValue(double[] b, double[] c) {
        double p = TEST.test(b, c).getPValue();
        if (Double.isNaN(p)) {
            // every value tied: nothing separates the two sides
            return 1.0;
        }
        return Math.max(p, SignificanceRule.smallestP(b.length, c.length));
    }
}
