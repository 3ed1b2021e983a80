package io.proxybench.loadtest.generator.split;

import io.proxybench.loadtest.generator.ErrorCounts;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LatencySummary;
import io.proxybench.loadtest.generator.LoadWindow;
import io.proxybench.loadtest.generator.builtin.IntervalLogSpectrum;
import io.proxybench.loadtest.results.LatencySpectrum;
import io.proxybench.loadtest.results.ResultsFormatException;
import io.proxybench.loadtest.results.SpectrumMerge;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * The generator boxes' results of one step as the step's one result. Requests, bytes, errors and
 * req/s are sums, exact. The latency is exact when every part left an HdrHistogram interval log
 * (their histograms are added); otherwise it is merged from the parts' latency spectra, weighted by
 * their requests ({@link SpectrumMerge}), and marked approximate.
 */
public final class StepMerge {

    /** How the latency of a merged step was obtained, as steps.json's {@code latencyMerge} says. */
    public static final String EXACT = SpectrumMerge.EXACT;

    public static final String APPROXIMATE = SpectrumMerge.APPROXIMATE;

    /** The merged result and how its latency was merged. */
    public record Merged(GeneratorResult result, String latencyMerge) {}

    private StepMerge() {}

    /**
     * @param rawDir where the merged spectrum goes ({@code latency-<step>.json}, the name a single generator uses)
     */
    public static Merged merge(List<GeneratorResult> parts, String source, Path rawDir, String step)
            throws IOException {
        long requests = parts.stream().mapToLong(GeneratorResult::requests).sum();
        double rps = parts.stream().mapToDouble(GeneratorResult::rps).sum();
        double longest =
                parts.stream().mapToDouble(GeneratorResult::durationSec).max().orElse(0);
        // the duration that makes requests ÷ duration the parts' summed rate
        double durationSec = rps > 0 ? requests / rps : longest;
        long bytes = parts.stream().mapToLong(GeneratorResult::bytes).sum();
        ErrorCounts errors = new ErrorCounts(
                sum(parts, ErrorCounts::connect),
                sum(parts, ErrorCounts::read),
                sum(parts, ErrorCounts::write),
                sum(parts, ErrorCounts::status),
                sum(parts, ErrorCounts::timeout));
        Optional<Histogram> exact = histograms(parts, step);
        LatencySpectrum spectrum;
        LatencySummary latency;
        String how;
        if (exact.isPresent()) {
            Histogram h = exact.get();
            spectrum = IntervalLogSpectrum.spectrum(h, source);
            latency = new LatencySummary(
                    h.getMean() / 1000, ms(h, 50), ms(h, 75), ms(h, 90), ms(h, 99), h.getMaxValue() / 1000.0);
            how = EXACT;
        } else {
            List<LatencySpectrum> spectra = spectra(parts);
            spectrum =
                    spectra.size() == parts.size() && !spectra.isEmpty() ? SpectrumMerge.merge(spectra, source) : null;
            latency = approximateSummary(parts, spectrum);
            how = APPROXIMATE;
        }
        List<Path> files = new ArrayList<>();
        if (spectrum != null) {
            Path file = rawDir.resolve(LatencySpectrum.fileName(step));
            spectrum.write(file);
            files.add(file);
        }
        parts.forEach(p -> files.addAll(p.rawFiles()));
        return new Merged(
                new GeneratorResult(requests, durationSec, bytes, latency, errors, files, window(parts)),
                latency == null ? null : how);
    }

    /** Every part's interval log added together; empty unless every part has one. */
    private static Optional<Histogram> histograms(List<GeneratorResult> parts, String step) throws IOException {
        Histogram total = null;
        for (GeneratorResult part : parts) {
            Optional<Path> hlog = part.rawFiles().stream()
                    .filter(f -> f.getFileName().toString().equals("loadgen-" + step + ".hlog"))
                    .findFirst();
            if (hlog.isEmpty()) {
                return Optional.empty();
            }
            Optional<Histogram> h = IntervalLogSpectrum.merge(hlog.get());
            if (h.isEmpty()) {
                continue;
            }
            if (total == null) {
                total = new Histogram(h.get().getNumberOfSignificantValueDigits());
            }
            total.add(h.get());
        }
        return Optional.ofNullable(total);
    }

    private static List<LatencySpectrum> spectra(List<GeneratorResult> parts) throws IOException {
        List<LatencySpectrum> out = new ArrayList<>();
        for (GeneratorResult part : parts) {
            Optional<Path> file = part.rawFiles().stream()
                    .filter(LatencySpectrum::isSpectrumFile)
                    .findFirst();
            if (file.isPresent()) {
                try {
                    out.add(LatencySpectrum.read(file.get()));
                } catch (ResultsFormatException e) {
                    throw new IOException(e.getMessage(), e);
                }
            }
        }
        return out;
    }

    /**
     * Means weighted by requests, the slowest request, and the percentiles read off the merged
     * spectrum — or, without spectra, the parts' own percentiles weighted by requests (rougher still).
     */
    private static LatencySummary approximateSummary(List<GeneratorResult> parts, LatencySpectrum spectrum) {
        List<GeneratorResult> measured = parts.stream()
                .filter(p -> p.latency() != null && p.requests() > 0)
                .toList();
        if (measured.isEmpty()) {
            return null;
        }
        double mean = weighted(measured, LatencySummary::meanMs);
        double max =
                measured.stream().mapToDouble(p -> p.latency().maxMs()).max().orElse(0);
        if (spectrum != null) {
            return new LatencySummary(
                    mean,
                    spectrum.valueUsAt(50) / 1000,
                    spectrum.valueUsAt(75) / 1000,
                    spectrum.valueUsAt(90) / 1000,
                    spectrum.valueUsAt(99) / 1000,
                    max);
        }
        return new LatencySummary(
                mean,
                weighted(measured, LatencySummary::p50Ms),
                weighted(measured, LatencySummary::p75Ms),
                weighted(measured, LatencySummary::p90Ms),
                weighted(measured, LatencySummary::p99Ms),
                max);
    }

    private static double weighted(List<GeneratorResult> parts, ToDoubleFunction<LatencySummary> figure) {
        double total = 0;
        long count = 0;
        for (GeneratorResult p : parts) {
            total += figure.applyAsDouble(p.latency()) * p.requests();
            count += p.requests();
        }
        return count == 0 ? 0 : total / count;
    }

    /** From the first part's start to the last part's end, when every part measured its window. */
    private static LoadWindow window(List<GeneratorResult> parts) {
        if (parts.stream().anyMatch(p -> p.loadWindow() == null)) {
            return null;
        }
        long start = parts.stream()
                .mapToLong(p -> p.loadWindow().startEpochMs())
                .min()
                .orElseThrow();
        long end =
                parts.stream().mapToLong(p -> p.loadWindow().endEpochMs()).max().orElseThrow();
        return new LoadWindow(start, end);
    }

    private static double ms(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1000.0;
    }

    private static long sum(List<GeneratorResult> parts, ToLongFunction<ErrorCounts> figure) {
        return parts.stream().mapToLong(p -> figure.applyAsLong(p.errors())).sum();
    }
}
