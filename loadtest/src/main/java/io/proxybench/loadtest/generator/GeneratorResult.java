package io.proxybench.loadtest.generator;

import java.nio.file.Path;
import java.util.List;

/**
 * What a generator measured during one step.
 *
 * @param durationSec the generator's own measured duration (not the requested one)
 * @param latency     null when no request completed
 * @param rawFiles    the files it left in the raw directory
 */
public record GeneratorResult(
        long requests,
        double durationSec,
        long bytes,
        LatencySummary latency,
        ErrorCounts errors,
        List<Path> rawFiles) {

    public GeneratorResult {
        rawFiles = List.copyOf(rawFiles);
    }

    public double rps() {
        return durationSec > 0 ? requests / durationSec : 0;
    }
}
