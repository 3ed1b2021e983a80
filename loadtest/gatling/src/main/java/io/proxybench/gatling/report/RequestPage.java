package io.proxybench.gatling.report;

import java.util.List;

/**
 * What a request's own report page adds to the statistics row.
 *
 * @param okLatency response times of the successful requests only; null when none succeeded
 * @param errors    the failures by message; empty when none failed
 */
public record RequestPage(Latency okLatency, List<ErrorCount> errors) {

    public RequestPage {
        errors = List.copyOf(errors);
    }
}
