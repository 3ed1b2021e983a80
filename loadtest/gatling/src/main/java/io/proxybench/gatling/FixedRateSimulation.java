package io.proxybench.gatling;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.nothingFor;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Fixed rate, open model: each step sends R requests per second whatever the target's answers, one
 * user per request, on one keep-alive pool shared by all users. A request waits for no other, so a
 * stall shows as latency instead of as fewer requests sent (no coordinated omission).
 *
 * <p>With {@code -Dproxybench.connectionClose=true} every request is sent with {@code Connection: close}
 * instead: the same arrivals, each on a new connection.
 *
 * <p>Each step is its own scenario, all scheduled from the start with their offsets: arrivals follow
 * the clock only, also across step boundaries.
 */
public class FixedRateSimulation extends Simulation {

    public FixedRateSimulation() {
        LoadSettings settings = LoadSettings.fromSystemProperties();
        HttpProtocolBuilder protocol = TargetProtocol.base(settings).shareConnections();
        if (settings.connectionClose()) {
            protocol = protocol.connectionHeader("close");
        }
        List<PopulationBuilder> phases = new ArrayList<>();
        Duration offset = Duration.ZERO;
        if (!settings.warmup().isZero()) {
            phases.add(
                    phase(settings, protocol, StepNames.WARMUP, settings.steps().get(0), offset, settings.warmup()));
            offset = offset.plus(settings.warmup());
        }
        List<String> names = StepNames.of(settings.steps());
        for (int i = 0; i < names.size(); i++) {
            phases.add(
                    phase(settings, protocol, names.get(i), settings.steps().get(i), offset, settings.stepDuration()));
            offset = offset.plus(settings.stepDuration());
        }
        setUp(phases).maxDuration(settings.maxRunTime());
    }

    private static PopulationBuilder phase(
            LoadSettings settings,
            HttpProtocolBuilder protocol,
            String name,
            int perSecond,
            Duration offset,
            Duration duration) {
        var rate = constantUsersPerSec(perSecond).during(duration);
        PhaseTimes times = PhaseTimes.of(name);
        return scenario(name)
                .exec(session -> {
                    times.started();
                    return session;
                })
                .exec(TargetProtocol.request(settings, name))
                .exec(session -> {
                    times.ended();
                    return session;
                })
                .injectOpen(offset.isZero() ? List.of(rate) : List.of(nothingFor(offset), rate))
                .protocols(protocol);
    }
}
