package io.proxybench.loadtest.results;

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
 * HdrHistogram interval logs ({@code loadgen-<step>.hlog}: one histogram per second, values in µs)
 * added into one histogram: a step's log, or the logs of a step's repeats. Exact to the logs'
 * precision (3 significant digits in loadgen's).
 */
public final class IntervalLogs {

    private IntervalLogs() {}

    /** Every interval of every log added together; empty when they hold no value. */
    public static Optional<Histogram> merge(List<Path> logs) throws IOException {
        Histogram total = null;
        for (Path log : logs) {
            total = add(log, total);
        }
        return total == null || total.getTotalCount() == 0 ? Optional.empty() : Optional.of(total);
    }

    /** {@code histogram} read at every level of {@link LatencySpectrumLevels}, and its maximum: exact. */
    public static LatencySpectrum spectrum(AbstractHistogram histogram, String source) {
        List<LatencySpectrum.Point> points = new ArrayList<>();
        for (double level : LatencySpectrumLevels.levels()) {
            points.add(new LatencySpectrum.Point(level, histogram.getValueAtPercentile(level)));
        }
        return new LatencySpectrum(source, true, histogram.getTotalCount(), histogram.getMaxValue(), points);
    }

    private static Histogram add(Path hlog, Histogram total) throws IOException {
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
        return total;
    }
}
