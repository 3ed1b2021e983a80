package io.proxybench.loadtest.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The latency distribution of one (front end, step) over all its repeats ({@code run --repeat N}).
 * Where every repeat left an HdrHistogram interval log ({@code loadgen-<step>.hlog} beside its
 * spectrum, the built-in generator) the logs are added into one histogram: exact. Otherwise (wrk
 * reports chosen quantiles only) the repeats' distributions are mixed weighted by their requests:
 * the share of requests at or below a latency is the request-weighted mean of the repeats' shares,
 * each read between its quantiles by linear interpolation, so the result is approximate
 * ({@link LatencySpectrum#exact()} false). A step run once is its own spectrum, unchanged.
 */
public final class RepeatSpectrum {

    private static final Logger LOG = LoggerFactory.getLogger(RepeatSpectrum.class);
    private static final int BISECTIONS = 60;

    /** The merged distribution and the repeats that went into it (1 for a run without repeats). */
    public record Merged(LatencySpectrum spectrum, List<Integer> repeats) {

        public boolean ofSeveral() {
            return repeats.size() > 1;
        }
    }

    private RepeatSpectrum() {}

    public static Optional<Merged> of(RunResults results, String frontEnd, int connections) {
        List<LatencySpectrum> spectra = new ArrayList<>();
        List<Integer> repeats = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        for (StepRecord r : results.steps()) {
            if (!frontEnd.equals(r.frontEnd()) || r.connections() == null || r.connections() != connections) {
                continue;
            }
            Optional<LatencySpectrum> spectrum = LatencySpectra.of(results, r);
            if (spectrum.isEmpty()) {
                continue;
            }
            spectra.add(spectrum.get());
            repeats.add(r.repeat() == null ? 1 : r.repeat());
            logs.add(intervalLog(results, r));
        }
        if (spectra.isEmpty()) {
            return Optional.empty();
        }
        if (spectra.size() == 1) {
            return Optional.of(new Merged(spectra.get(0), repeats));
        }
        if (spectra.stream().allMatch(LatencySpectrum::exact) && logs.stream().allMatch(RepeatSpectrum::readable)) {
            Optional<LatencySpectrum> exact = histogram(logs, spectra.get(0).source());
            if (exact.isPresent()) {
                return Optional.of(new Merged(exact.get(), repeats));
            }
        }
        return Optional.of(new Merged(weighted(spectra), repeats));
    }

    /** The request-weighted mixture of {@code spectra}, read at the spectrum levels: approximate. */
    static LatencySpectrum weighted(List<LatencySpectrum> spectra) {
        long count = spectra.stream().mapToLong(LatencySpectrum::count).sum();
        double max = spectra.stream().mapToDouble(LatencySpectrum::maxUs).max().orElse(0);
        List<LatencySpectrum.Point> points = new ArrayList<>();
        double previous = 0;
        for (double level : LatencySpectrumLevels.levels()) {
            if (level <= 0) {
                // the fastest request of all the repeats
                previous = spectra.stream()
                        .mapToDouble(s -> s.points().get(0).valueUs())
                        .min()
                        .orElse(0);
                points.add(new LatencySpectrum.Point(level, previous));
                continue;
            }
            double low = previous;
            double high = max;
            if (share(spectra, count, low) < level) {
                for (int i = 0; i < BISECTIONS; i++) {
                    double mid = (low + high) / 2;
                    if (share(spectra, count, mid) >= level) {
                        high = mid;
                    } else {
                        low = mid;
                    }
                }
                previous = high;
            }
            points.add(new LatencySpectrum.Point(level, Math.round(previous * 10) / 10.0));
        }
        return new LatencySpectrum(spectra.get(0).source(), false, count, max, points);
    }

    /** Percent of all requests answered within {@code us}. */
    private static double share(List<LatencySpectrum> spectra, long count, double us) {
        double sum = 0;
        for (LatencySpectrum s : spectra) {
            double weight = count > 0 ? (double) s.count() / count : 1.0 / spectra.size();
            sum += weight * percentAtOrBelow(s, us);
        }
        return sum;
    }

    /** One repeat's distribution function between its points; 100 from its maximum on. */
    static double percentAtOrBelow(LatencySpectrum s, double us) {
        if (us >= s.maxUs()) {
            return 100;
        }
        double p0 = 0;
        double v0 = 0;
        for (LatencySpectrum.Point p : s.points()) {
            if (us < p.valueUs()) {
                return p.valueUs() == v0 ? p0 : p0 + (p.percentile() - p0) * (us - v0) / (p.valueUs() - v0);
            }
            p0 = p.percentile();
            v0 = p.valueUs();
        }
        return s.maxUs() == v0 ? p0 : p0 + (100 - p0) * (us - v0) / (s.maxUs() - v0);
    }

    private static Path intervalLog(RunResults results, StepRecord step) {
        Path spectrum = results.frontEnd(step.frontEnd())
                .map(RunMetadata.FrontEndInfo::rawDir)
                .map(raw -> results.dir()
                        .resolve(raw)
                        .resolve(step.latencySpectrum())
                        .normalize())
                .orElse(null);
        if (spectrum == null) {
            return null;
        }
        String name = spectrum.getFileName().toString();
        return spectrum.resolveSibling(
                "loadgen-" + name.substring("latency-".length(), name.length() - ".json".length()) + ".hlog");
    }

    private static boolean readable(Path log) {
        return log != null && Files.isRegularFile(log);
    }

    static Optional<LatencySpectrum> histogram(List<Path> logs, String source) {
        Optional<Histogram> total;
        try {
            total = IntervalLogs.merge(logs);
        } catch (IOException e) {
            LOG.warn("the repeats' latency merges approximately: {}", e.getMessage());
            return Optional.empty();
        }
        return total.map(histogram -> IntervalLogs.spectrum(histogram, source));
    }
}
