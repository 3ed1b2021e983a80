package io.proxybench.netty.eventloop;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import io.proxybench.common.testing.Eventually;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawRequest;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.netty.NettyProxyServer;
import io.proxybench.netty.support.TestProxies;
import io.proxybench.origin.StubOrigin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.LoggerFactory;

/**
 * The detector against a filter that holds the thread it runs on. The hold lasts until the test has
 * seen what it waits for, not a guessed time: a starved watchdog reports late, never wrongly. Warnings
 * are told apart by the stack they carry, since a loop loading classes on a busy machine may be
 * reported too; every warning, whatever its cause, must be counted once.
 */
@ExtendWith(LeakReportGuard.class)
class BlockedEventLoopDetectorTest {

    private static final String FILTER_FRAME = HoldingFilter.class.getName() + ".apply";

    private final List<ILoggingEvent> warnings = new CopyOnWriteArrayList<>();
    private final AppenderBase<ILoggingEvent> appender = new AppenderBase<>() {
        @Override
        protected void append(ILoggingEvent event) {
            warnings.add(event);
        }
    };
    private final Logger detectorLog = (Logger) LoggerFactory.getLogger(BlockedEventLoopDetector.class);

    @BeforeEach
    void capture() {
        appender.start();
        detectorLog.addAppender(appender);
    }

    @AfterEach
    void release() {
        detectorLog.detachAppender(appender);
    }

    /** First requests load classes on the loop, so that the held request's stall is the filter's alone. */
    private static void warmUp(RawHttpConnection c) throws Exception {
        for (int i = 0; i < 3; i++) {
            assertThat(c.exchange(OriginRequests.payload(10)).status()).isEqualTo(200);
        }
    }

    @Test
    void aFilterHoldingTheEventLoopIsReportedOnceWithItsStack() throws Exception {
        HoldingFilter.Gate gate = HoldingFilter.newGate();
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer proxy = TestProxies.start(Map.of(
                        "routes", TestProxies.routeTo(origin.port()),
                        "workers.stage", "0",
                        "workers.inbound", "1",
                        "eventloop.blockedThreshold", "100ms",
                        "filters", HoldingFilter.class.getName()))) {
            try (RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
                warmUp(c);
                // held until the detector reports it, then five thresholds more: one stall, one report
                CompletableFuture<RawResponse> held = exchangeAsync(
                        c,
                        OriginRequests.payload(10)
                                .header(HoldingFilter.HOLD, "1")
                                .header(HoldingFilter.SLEEP_MS, "500"));
                Eventually.until(
                        "the detector reports the held loop",
                        () -> !fromTheFilter().isEmpty());
                gate.open();
                assertThat(held.get(Eventually.DEFAULT.toSeconds(), TimeUnit.SECONDS)
                                .status())
                        .as("the blocked request still completes")
                        .isEqualTo(200);
            }
            assertThat(fromTheFilter()).as("warnings with the filter's stack").hasSize(1);
            assertThat(fromTheFilter().get(0).getFormattedMessage()).contains("proxy-inbound");
            assertThat(proxy.metrics().eventLoopBlocked().getCount())
                    .as("stalls counted, against warnings %s", warnings)
                    .isEqualTo(warnings.size());
        }
    }

    @Test
    void aFilterHoldingTheFilterPoolLeavesTheEventLoopFree() throws Exception {
        HoldingFilter.Gate gate = HoldingFilter.newGate();
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer proxy = TestProxies.start(Map.of(
                        "routes", TestProxies.routeTo(origin.port()),
                        "workers.stage", "2",
                        "workers.inbound", "1",
                        "eventloop.blockedThreshold", "100ms",
                        "filters", HoldingFilter.class.getName()))) {
            try (RawHttpConnection c = RawHttpConnection.open(proxy.port());
                    RawHttpConnection other = RawHttpConnection.open(proxy.port())) {
                warmUp(c);
                CompletableFuture<RawResponse> held = exchangeAsync(
                        c,
                        OriginRequests.payload(10)
                                .header(HoldingFilter.HOLD, "1")
                                .header(HoldingFilter.SLEEP_MS, "500"));
                gate.awaitEntered();
                // the one inbound loop serves another client while the filter holds a pool thread
                assertThat(other.exchange(OriginRequests.payload(10)).status()).isEqualTo(200);
                assertThat(held).isNotDone();
                // then five thresholds more on the pool thread, which the detector must not see
                gate.open();
                assertThat(held.get(Eventually.DEFAULT.toSeconds(), TimeUnit.SECONDS)
                                .status())
                        .isEqualTo(200);
            }
            assertThat(fromTheFilter()).as("warnings with the filter's stack").isEmpty();
            assertThat(proxy.metrics().eventLoopBlocked().getCount())
                    .as("stalls counted, against warnings %s", warnings)
                    .isEqualTo(warnings.size());
        }
    }

    private List<ILoggingEvent> fromTheFilter() {
        return warnings.stream()
                .filter(w -> w.getFormattedMessage().contains(FILTER_FRAME))
                .toList();
    }

    /** Sends on this thread, reads the answer on another, with a read deadline only a hang reaches. */
    private static CompletableFuture<RawResponse> exchangeAsync(RawHttpConnection c, RawRequest request)
            throws IOException {
        c.send(request);
        return CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return c.readFinalResponse(false, Eventually.DEFAULT);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                },
                task -> new Thread(task, "held-request").start());
    }
}
