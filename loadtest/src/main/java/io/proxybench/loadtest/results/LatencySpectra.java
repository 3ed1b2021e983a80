package io.proxybench.loadtest.results;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the {@link LatencySpectrum} of a recorded step: the file its {@code latencySpectrum} names,
 * in its front end's raw directory. Runs made before spectra, failed steps and generators without one
 * (Gatling) have none; a file that is gone or unreadable is skipped with one warning, since the report
 * and the comparison stand without it.
 */
public final class LatencySpectra {

    private static final Logger LOG = LoggerFactory.getLogger(LatencySpectra.class);

    private LatencySpectra() {}

    public static Optional<LatencySpectrum> of(RunResults results, StepRecord step) {
        if (step.latencySpectrum() == null || step.frontEnd() == null || !step.ok()) {
            return Optional.empty();
        }
        Optional<Path> file = results.frontEnd(step.frontEnd())
                .map(RunMetadata.FrontEndInfo::rawDir)
                .map(raw -> results.dir()
                        .resolve(raw)
                        .resolve(step.latencySpectrum())
                        .normalize());
        if (file.isEmpty() || !file.get().startsWith(results.dir().normalize())) {
            return Optional.empty();
        }
        if (!Files.isRegularFile(file.get())) {
            LOG.warn("{} @ {}: latency spectrum {} is missing", step.frontEnd(), step.connections(), file.get());
            return Optional.empty();
        }
        try {
            LatencySpectrum spectrum = LatencySpectrum.read(file.get());
            return spectrum.points().isEmpty() ? Optional.empty() : Optional.of(spectrum);
        } catch (ResultsFormatException e) {
            LOG.warn("{} @ {}: {}", step.frontEnd(), step.connections(), e.getMessage());
            return Optional.empty();
        }
    }
}
