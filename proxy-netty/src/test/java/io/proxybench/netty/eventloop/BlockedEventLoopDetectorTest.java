package io.proxybench.netty.eventloop;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.proxybench.core.conformance.OriginRequests;
import io.proxybench.core.conformance.client.RawHttpConnection;
import io.proxybench.core.conformance.client.RawResponse;
import io.proxybench.core.conformance.leak.LeakReportGuard;
import io.proxybench.netty.NettyProxyServer;
import io.proxybench.netty.support.TestProxies;
import io.proxybench.origin.StubOrigin;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.LoggerFactory;

@ExtendWith(LeakReportGuard.class)
class BlockedEventLoopDetectorTest {

    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private final Logger detectorLog = (Logger) LoggerFactory.getLogger(BlockedEventLoopDetector.class);

    @BeforeEach
    void capture() {
        logged.start();
        detectorLog.addAppender(logged);
    }

    @AfterEach
    void release() {
        detectorLog.detachAppender(logged);
    }

    /** First requests load classes on the loop, which on a busy machine may itself pass 100 ms. */
    private static void warmUp(RawHttpConnection c) throws Exception {
        for (int i = 0; i < 3; i++) {
            assertThat(c.exchange(OriginRequests.payload(10)).status()).isEqualTo(200);
        }
        Thread.sleep(150);
    }

    @Test
    void aFilterSleepingOnTheEventLoopIsReportedOnceWithItsStack() throws Exception {
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer proxy = TestProxies.start(Map.of(
                        "routes", TestProxies.routeTo(origin.port()),
                        "workers.stage", "0",
                        "workers.inbound", "1",
                        "eventloop.blockedThreshold", "100ms",
                        "filters", SleepingFilter.class.getName()))) {
            try (RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
                warmUp(c);
                long before = proxy.metrics().eventLoopBlocked().getCount();
                logged.list.clear();

                RawResponse slow = c.exchange(OriginRequests.payload(10).header("X-Sleep-Ms", "700"));
                assertThat(slow.status())
                        .as("the blocked request still completes")
                        .isEqualTo(200);
                assertThat(proxy.metrics().eventLoopBlocked().getCount())
                        .as("one stall, counted once")
                        .isEqualTo(before + 1);
            }
            List<ILoggingEvent> warnings = List.copyOf(logged.list);
            assertThat(warnings).hasSize(1);
            String message = warnings.get(0).getFormattedMessage();
            assertThat(message).contains("proxy-inbound").contains(SleepingFilter.class.getName() + ".apply");
        }
    }

    @Test
    void aFilterSleepingOnTheFilterPoolDoesNotBlockAnEventLoop() throws Exception {
        try (StubOrigin origin = TestProxies.origin();
                NettyProxyServer proxy = TestProxies.start(Map.of(
                        "routes",
                        TestProxies.routeTo(origin.port()),
                        "workers.stage",
                        "2",
                        "eventloop.blockedThreshold",
                        "100ms",
                        "filters",
                        SleepingFilter.class.getName()))) {
            try (RawHttpConnection c = RawHttpConnection.open(proxy.port())) {
                warmUp(c);
                long before = proxy.metrics().eventLoopBlocked().getCount();
                logged.list.clear();
                RawResponse slow = c.exchange(OriginRequests.payload(10).header("X-Sleep-Ms", "500"));
                assertThat(slow.status()).isEqualTo(200);
                assertThat(proxy.metrics().eventLoopBlocked().getCount()).isEqualTo(before);
            }
            assertThat(logged.list).isEmpty();
        }
    }
}
