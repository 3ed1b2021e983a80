package io.proxybench.loadtest.orchestrate;

import io.proxybench.loadtest.frontend.RunningServer;
import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.TlsHandshakeCounts;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.results.Handshakes;
import io.proxybench.loadtest.results.StepRecord;
import io.proxybench.loadtest.sample.TlsHandshakeReader;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A TLS churn step's handshakes: every request is a new connection, so each step also says how many
 * handshakes a second the front end made, its CPU per handshake, and the share resumed, counted by
 * proxy-netty's own counters (read at the step's start and end) or else by the built-in generator.
 * Does nothing on other runs.
 */
final class StepHandshakes {

    private static final Logger LOG = LoggerFactory.getLogger(StepHandshakes.class);
    static final String COUNTED_BY_PROXY = "proxy";
    static final String COUNTED_BY_GENERATOR = "generator";

    private final boolean active;
    private final TlsHandshakeReader reader = new TlsHandshakeReader(Duration.ofSeconds(2));
    private TlsHandshakeReader.Totals atStart;

    StepHandshakes(RunPlan plan) {
        this.active = plan.tls().enabled() && plan.load().mode() == ConnectionMode.CHURN;
    }

    /** Before the step's load: the proxy's counters, where it has them. */
    void start(RunningServer frontEnd) {
        atStart = active && frontEnd.tls() ? read(frontEnd).orElse(null) : null;
    }

    /** {@code record} with its handshakes, once the step's load ended. */
    StepRecord applyTo(StepRecord record, RunningServer frontEnd, GeneratorResult result) {
        if (!active || result == null || !frontEnd.tls()) {
            // a variant kept on plain HTTP ([tls=off]) makes no handshakes
            return record;
        }
        TlsHandshakeReader.Totals atEnd =
                atStart == null ? null : read(frontEnd).orElse(null);
        return record.withHandshakes(figures(record, result, atStart, atEnd));
    }

    static Handshakes figures(
            StepRecord record,
            GeneratorResult result,
            TlsHandshakeReader.Totals atStart,
            TlsHandshakeReader.Totals atEnd) {
        TlsHandshakeCounts counted = result.tls();
        // wrk counts no handshakes: in churn each request it got an answer to was one connection
        long handshakes = counted != null ? counted.handshakes() : result.requests();
        Double perSec = result.durationSec() > 0 ? handshakes / result.durationSec() : null;
        Double cpuUsPer = null;
        Double cpuUsPerReq = record.processes().proxyCpuUsPerReq();
        if (cpuUsPerReq != null && handshakes > 0) {
            cpuUsPer = cpuUsPerReq * result.requests() / handshakes;
        }
        Double resumedPct = null;
        String countedBy = null;
        if (atStart != null && atEnd != null) {
            long full = atEnd.full() - atStart.full();
            long resumed = atEnd.resumed() - atStart.resumed();
            if (full + resumed > 0) {
                resumedPct = 100.0 * resumed / (full + resumed);
                countedBy = COUNTED_BY_PROXY;
            }
        }
        if (countedBy == null && counted != null && counted.handshakes() > 0) {
            resumedPct = 100.0 * counted.resumed() / counted.handshakes();
            countedBy = COUNTED_BY_GENERATOR;
        }
        return new Handshakes(perSec, cpuUsPer, resumedPct, countedBy);
    }

    private Optional<TlsHandshakeReader.Totals> read(RunningServer frontEnd) {
        URI metrics = frontEnd.adminUri("/metrics");
        if (metrics == null) {
            return Optional.empty();
        }
        try {
            return reader.read(metrics);
        } catch (IOException e) {
            LOG.debug("TLS handshake counters not read: {}", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Optional.empty();
    }
}
