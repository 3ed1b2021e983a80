package io.proxybench.loadtest.generator;

import java.nio.file.Path;
import java.util.List;

/**
 * What a generator measured during one step.
 *
 * @param durationSec the generator's own measured duration (not the requested one)
 * @param latency     null when no request completed
 * @param rawFiles    the files it left in the raw directory
 * @param loadWindow  when the load was on, if the generator measured it; null when the load filled the
 *                    generator's run (wrk), and the step's figures then cover the whole run
 * @param tls         the TLS handshakes the generator counted; null where it counts none (plain HTTP, wrk)
 */
public record GeneratorResult(
        long requests,
        double durationSec,
        long bytes,
        LatencySummary latency,
        ErrorCounts errors,
        List<Path> rawFiles,
        LoadWindow loadWindow,
        TlsHandshakeCounts tls) {

    public GeneratorResult {
        rawFiles = List.copyOf(rawFiles);
    }

    /** A result without handshake counts. */
    public GeneratorResult(
            long requests,
            double durationSec,
            long bytes,
            LatencySummary latency,
            ErrorCounts errors,
            List<Path> rawFiles,
            LoadWindow loadWindow) {
        this(requests, durationSec, bytes, latency, errors, rawFiles, loadWindow, null);
    }

    /** The same result with the generator's own handshake counts. */
    public GeneratorResult withTls(TlsHandshakeCounts counts) {
        return new GeneratorResult(requests, durationSec, bytes, latency, errors, rawFiles, loadWindow, counts);
    }

    /** A result without a measured load window. */
    public GeneratorResult(
            long requests,
            double durationSec,
            long bytes,
            LatencySummary latency,
            ErrorCounts errors,
            List<Path> rawFiles) {
        this(requests, durationSec, bytes, latency, errors, rawFiles, null);
    }

    public double rps() {
        return durationSec > 0 ? requests / durationSec : 0;
    }
}
