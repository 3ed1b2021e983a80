package io.proxybench.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.codahale.metrics.Timer;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ProxyMetricsTest {

    @Test
    void theRequestTimerCountsEachUpdateOnceAndKeepsEveryValue() throws InterruptedException {
        ProxyMetrics metrics = new ProxyMetrics();
        Timer requests = metrics.requests();
        Runnable load = () -> {
            for (int i = 1; i <= 1_000; i++) {
                requests.update(i, TimeUnit.MICROSECONDS);
            }
        };
        Thread a = new Thread(load);
        Thread b = new Thread(load);
        a.start();
        b.start();
        a.join();
        b.join();
        requests.update(-1, TimeUnit.NANOSECONDS);

        assertThat(requests.getCount())
                .as("a negative duration is dropped, as Dropwizard's timer drops it")
                .isEqualTo(2_000);
        assertThat(requests.getSnapshot().size()).isEqualTo(2_000);
        assertThat(requests.getSnapshot().getMedian()).isCloseTo(500_000, within(1_000.0));
        assertThat(requests.getMeanRate()).isPositive();
    }

    @Test
    void responsesAndCountersAddUpAcrossThreads() throws InterruptedException {
        ProxyMetrics metrics = new ProxyMetrics();
        Thread t = new Thread(() -> {
            metrics.response(200);
            metrics.response(204);
            metrics.response(503);
            metrics.response(99);
            metrics.bytesOut().inc(1_024);
        });
        t.start();
        t.join();
        metrics.response(200);
        metrics.bytesOut().inc(1_024);

        assertThat(metrics.registry()
                        .meter(MetricNames.RESPONSES_PREFIX + "2xx")
                        .getCount())
                .isEqualTo(3);
        assertThat(metrics.registry()
                        .meter(MetricNames.RESPONSES_PREFIX + "5xx")
                        .getCount())
                .isEqualTo(1);
        assertThat(metrics.bytesOut().getCount()).isEqualTo(2_048);
    }
}
