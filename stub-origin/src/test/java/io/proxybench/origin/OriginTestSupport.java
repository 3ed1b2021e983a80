package io.proxybench.origin;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;

/** Starts origins for a test and closes them after it; fails the class on Netty leak reports. */
@ExtendWith(FailOnLeakReports.class)
abstract class OriginTestSupport {

    private final List<StubOrigin> started = new ArrayList<>();

    /** An origin without latency (tests ask for delays per request), two event loops, other options as given. */
    StubOrigin origin(UnaryOperator<StubOriginOptions.Builder> options) {
        StubOriginOptions.Builder builder =
                StubOriginOptions.builder().latency("0").threads(2).drainTimeout(Duration.ofSeconds(2));
        StubOrigin origin = StubOrigin.started(options.apply(builder).build());
        started.add(origin);
        return origin;
    }

    StubOrigin origin() {
        return origin(b -> b);
    }

    @AfterEach
    void closeOrigins() {
        started.forEach(StubOrigin::close);
        started.clear();
    }
}
