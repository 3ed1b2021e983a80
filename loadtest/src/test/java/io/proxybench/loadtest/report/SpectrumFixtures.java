package io.proxybench.loadtest.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.proxybench.loadtest.results.LatencySpectrum;
import io.proxybench.loadtest.results.LatencySpectrumLevels;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Latency spectra added to a {@link SampleRun} as a run writes them: file in raw/, name in steps.json. */
public final class SpectrumFixtures {

    private SpectrumFixtures() {}

    /**
     * A distribution like a proxy's in front of a 50 ms origin: {@code baseMs} at the median,
     * rising slowly to p99, then a tail to {@code tailMs} at 99.999 %.
     */
    public static LatencySpectrum shaped(String source, double baseMs, double tailMs) {
        List<LatencySpectrum.Point> points = new ArrayList<>();
        for (double p : LatencySpectrumLevels.levels()) {
            double nines = Math.log10(100 / (100 - p));
            double ms = baseMs * (1 + 0.02 * nines) + (nines > 2 ? (tailMs - baseMs * 1.1) * (nines - 2) / 3 : 0);
            points.add(new LatencySpectrum.Point(p, Math.round(ms * 1000)));
        }
        return new LatencySpectrum(source, !"wrk".equals(source), 100_000, Math.round(tailMs * 1100), points);
    }

    /** Writes {@code spectrum} as the step's file under raw/&lt;front end&gt;/ and points the step at it. */
    public static SampleRun add(SampleRun run, String frontEnd, int connections, LatencySpectrum spectrum) {
        run.editRun(r -> {
            for (JsonNode fe : r.withArray("frontEnds")) {
                if (fe.path("label").asText().equals(frontEnd) && !fe.hasNonNull("rawDir")) {
                    ((ObjectNode) fe).put("rawDir", "raw/" + frontEnd);
                }
            }
        });
        String name = LatencySpectrum.fileName(Integer.toString(connections));
        try {
            Path raw = Files.createDirectories(run.dir().resolve("raw").resolve(frontEnd));
            spectrum.write(raw.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return run.editStep(frontEnd, connections, step -> step.put("latencySpectrum", name));
    }
}
