package io.proxybench.gatling.run;

import io.proxybench.gatling.PhaseTimes;
import io.proxybench.gatling.StepNames;
import io.proxybench.gatling.report.ErrorCount;
import io.proxybench.gatling.report.ErrorKind;
import io.proxybench.gatling.report.GatlingHtmlReport;
import io.proxybench.gatling.report.ReportFormatException;
import io.proxybench.gatling.report.RequestPage;
import io.proxybench.gatling.report.RequestStats;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Joins a report's tables with the phases' own spans into {@link PhaseFigures}. */
final class FiguresBuilder {

    private FiguresBuilder() {}

    static List<PhaseFigures> phases(GatlingHtmlReport report, Function<String, Optional<PhaseTimes.Span>> spans)
            throws IOException, ReportFormatException {
        List<PhaseFigures> phases = new ArrayList<>();
        for (RequestStats request : report.requests()) {
            phases.add(phase(request, report.page(request), spans.apply(request.name())));
        }
        return phases;
    }

    static PhaseFigures phase(RequestStats request, RequestPage page, Optional<PhaseTimes.Span> span) {
        Map<String, Long> byKind = new LinkedHashMap<>();
        for (ErrorKind kind : ErrorKind.values()) {
            byKind.put(kind.id(), 0L);
        }
        List<PhaseFigures.Message> messages = new ArrayList<>();
        for (ErrorCount error : page.errors()) {
            byKind.merge(error.kind().id(), error.count(), Long::sum);
            messages.add(new PhaseFigures.Message(error.message(), error.kind().id(), error.count()));
        }
        return new PhaseFigures(
                request.name(),
                request.name().startsWith(StepNames.STEP_PREFIX),
                request.total(),
                request.succeeded(),
                request.failed(),
                span.flatMap(PhaseTimes.Span::durationSec).orElse(null),
                span.map(PhaseTimes.Span::startEpochMs).orElse(null),
                span.flatMap(PhaseTimes.Span::endEpochMs).orElse(null),
                request.latency(),
                page.okLatency(),
                byKind,
                messages);
    }
}
