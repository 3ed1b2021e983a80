package io.proxybench.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class StripedCounterTest {

    @Test
    void incrementsAndDecrementsFromManyThreadsNetOut() throws InterruptedException {
        StripedCounter open = new StripedCounter();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 2 * ThreadStripe.COUNT + 1; t++) {
            // a connection opened on one thread may close on another: the counter nets across slots
            boolean opener = t % 2 == 0;
            threads.add(new Thread(() -> {
                for (int i = 0; i < 50_000; i++) {
                    if (opener) {
                        open.inc();
                        open.inc(2);
                    } else {
                        open.dec();
                        open.dec(2);
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        int openers = (threads.size() + 1) / 2;
        int closers = threads.size() / 2;
        assertThat(open.getCount()).isEqualTo((openers - closers) * 150_000L);
    }
}
