package io.proxybench.loadtest.report;

import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.SpectrumMerge;
import io.proxybench.loadtest.results.StepRecord;
import java.util.List;
import java.util.Map;

/**
 * The sentences a hosts run adds to the note under the results table: which machine its machine
 * columns describe, and how the latency of steps split across several generator boxes was merged.
 * Empty for every other run, whose note reads as before.
 */
final class HostsNotes {

    private HostsNotes() {}

    static String of(RunResults results) {
        Map<String, Object> topology = results.run().topologyDetails();
        if (topology == null || !"hosts".equals(topology.get("name"))) {
            return "";
        }
        StringBuilder note = new StringBuilder();
        String proxyBox = proxyTarget(topology);
        if (proxyBox != null && !proxyBox.equals("local")) {
            note.append(" CPU/%, LdAvg, RunQ, Ctx Sw. and Mbps are the proxy's box (")
                    .append(proxyBox)
                    .append("), from its per-host samples, not this machine's.");
        }
        Object boxes = topology.get("generatorBoxes");
        int count = boxes instanceof List<?> list ? list.size() : 0;
        List<StepRecord> steps = results.steps();
        if (steps.stream().anyMatch(s -> SpectrumMerge.APPROXIMATE.equals(s.latencyMerge()))) {
            note.append(" Each step was split across ")
                    .append(count)
                    .append(" generator boxes: requests, errors and"
                            + " Rq./s are their exact sums; latency is merged from their percentile spectra weighted by"
                            + " requests, an approximation (steps.json latencyMerge = approximate).");
        } else if (steps.stream().anyMatch(s -> SpectrumMerge.EXACT.equals(s.latencyMerge()))) {
            note.append(" Each step was split across ")
                    .append(count)
                    .append(" generator boxes: requests, errors and"
                            + " Rq./s are their exact sums; latency is merged exactly from their HdrHistogram logs.");
        }
        return note.toString();
    }

    private static String proxyTarget(Map<String, Object> topology) {
        if (topology.get("places") instanceof Map<?, ?> places
                && places.get("proxy") instanceof Map<?, ?> proxy
                && proxy.get("target") instanceof String target) {
            return target;
        }
        return null;
    }
}
