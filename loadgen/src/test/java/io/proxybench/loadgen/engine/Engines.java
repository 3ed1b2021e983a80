package io.proxybench.loadgen.engine;

import io.proxybench.loadgen.http.RequestTemplate;
import io.proxybench.loadgen.http.Target;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;

/** Engines and plans for the tests, against loopback targets only. */
public final class Engines {

    public static final Duration TIMEOUT = Duration.ofSeconds(5);

    private Engines() {}

    public static LoadEngine against(URI base, int threads, String... headers) {
        Target target = Target.parse(base + "/");
        return new LoadEngine(
                new InetSocketAddress(target.resolve(null), target.port()),
                target.toString(),
                threads,
                Transport.select("auto"),
                RequestTemplate.encode("GET", target, List.of(headers), false),
                RequestTemplate.encode("GET", target, List.of(headers), true),
                null);
    }

    public static StepPlan closed(String name, int connections, Duration duration) {
        return new StepPlan(name, connections, duration, 0, false, TIMEOUT);
    }

    public static StepPlan churn(String name, int connections, Duration duration) {
        return new StepPlan(name, connections, duration, 0, true, TIMEOUT);
    }

    public static StepPlan open(String name, int connections, double rate, Duration duration) {
        return new StepPlan(name, connections, duration, rate, false, TIMEOUT);
    }
}
