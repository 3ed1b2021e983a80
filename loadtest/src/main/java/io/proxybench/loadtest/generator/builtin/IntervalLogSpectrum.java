package io.proxybench.loadtest.generator.builtin;

import io.proxybench.loadtest.results.IntervalLogs;
import io.proxybench.loadtest.results.LatencySpectrum;
import io.proxybench.loadtest.results.LatencySpectrumLevels;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * A step's whole latency distribution from its HdrHistogram interval log ({@code loadgen-STEP.hlog},
 * one histogram per second, values in µs): the intervals added into one histogram, read at the
 * spectrum's levels. Exact to the histogram's precision (3 significant digits in loadgen's logs).
 */
public final class IntervalLogSpectrum {

    private IntervalLogSpectrum() {}

    /** Every interval of the log added together; empty when the log holds no value. */
    public static Optional<Histogram> merge(Path hlog) throws IOException {
        return IntervalLogs.merge(List.of(hlog));
    }

    /** The histogram read at every level of {@link LatencySpectrumLevels}, and its maximum. */
    public static LatencySpectrum spectrum(AbstractHistogram histogram, String source) {
        return IntervalLogs.spectrum(histogram, source);
    }
}
