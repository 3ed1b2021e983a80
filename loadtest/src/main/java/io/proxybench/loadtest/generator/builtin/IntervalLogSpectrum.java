package io.proxybench.loadtest.generator.builtin;

import io.proxybench.loadtest.results.LatencySpectrum;
import io.proxybench.loadtest.results.LatencySpectrumLevels;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A step's whole latency distribution from its HdrHistogram interval log ({@code loadgen-STEP.hlog},
 * one histogram per second, values in µs): the intervals added into one histogram, read at the
 * spectrum's levels. Exact to the histogram's precision (3 significant digits in loadgen's logs).
 */
public final class IntervalLogSpectrum {

    private IntervalLogSpectrum() {
    }

    /** Every interval of the log added together; empty when the log holds no value. */
    public static Optional<Histogram> merge(Path hlog) throws IOException {
        Histogram total = null;
        HistogramLogReader reader;
        try {
            reader = new HistogramLogReader(hlog.toFile());
        } catch (FileNotFoundException e) {
            throw new IOException("cannot read " + hlog + ": " + e.getMessage(), e);
        }
        try {
            for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
                if (!(h instanceof AbstractHistogram interval)) {
                    throw new IOException(hlog + " holds floating-point histograms; the kit reads integer (µs) logs");
                }
                if (total == null) {
                    // auto-resizing, so an interval with a wider range than the first one still fits
                    total = new Histogram(interval.getNumberOfSignificantValueDigits());
                }
                total.add(interval);
            }
        } catch (RuntimeException e) {
            // the reader reports a damaged line or an undecodable histogram this way
            throw new IOException(hlog + " is not a readable HdrHistogram log: " + e.getMessage(), e);
        } finally {
            reader.close();
        }
        return total == null || total.getTotalCount() == 0 ? Optional.empty() : Optional.of(total);
    }

    /** The histogram read at every level of {@link LatencySpectrumLevels}, and its maximum. */
    public static LatencySpectrum spectrum(AbstractHistogram histogram, String source) {
        List<LatencySpectrum.Point> points = new ArrayList<>();
        for (double level : LatencySpectrumLevels.levels()) {
            points.add(new LatencySpectrum.Point(level, histogram.getValueAtPercentile(level)));
        }
        return new LatencySpectrum(source, true, histogram.getTotalCount(), histogram.getMaxValue(), points);
    }
}
