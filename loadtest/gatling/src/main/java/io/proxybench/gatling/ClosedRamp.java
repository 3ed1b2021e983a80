package io.proxybench.gatling;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.during;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.scenario;

import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.PopulationBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The closed model: a step of N starts N virtual users at once, and each sends its next request
 * only when the previous one is answered, for the step's duration, as wrk does with N connections.
 *
 * <p>Gatling's {@code constantConcurrentUsers(N)} spreads the first N starts over a second (one
 * every 1/N s), which would leave the first second of each step short of N; starting them at once
 * and letting each loop for the whole step holds exactly N from the start.
 *
 * <p>Each step is its own scenario and starts when every user of the one before has finished, so
 * that no request of one step is counted in another and each step opens its connections afresh, as
 * a new wrk run would. The warm-up is run by the first step's own users, on their own connections,
 * straight before that step: no reconnect and no pause between the two.
 */
final class ClosedRamp {

    private ClosedRamp() {}

    static PopulationBuilder of(LoadSettings settings, HttpProtocolBuilder protocol) {
        List<String> names = StepNames.of(settings.steps());
        List<PopulationBuilder> steps = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            ChainBuilder load = phase(settings, name, settings.stepDuration());
            if (i == 0 && !settings.warmup().isZero()) {
                load = phase(settings, StepNames.WARMUP, settings.warmup()).exec(load);
            }
            ScenarioBuilder scenario = scenario(name).exec(load);
            steps.add(scenario.injectOpen(atOnceUsers(settings.steps().get(i))).protocols(protocol));
        }
        // andThen on a chain adds siblings; nest from the end so the steps run one after another
        PopulationBuilder chain = steps.get(steps.size() - 1);
        for (int i = steps.size() - 2; i >= 0; i--) {
            chain = steps.get(i).andThen(chain);
        }
        return chain;
    }

    /** One user's share of a phase: requests one after another for {@code duration}, its span recorded. */
    private static ChainBuilder phase(LoadSettings settings, String name, Duration duration) {
        PhaseTimes times = PhaseTimes.of(name);
        return exec(session -> {
                    times.started();
                    return session;
                })
                .exec(during(duration).on(exec(TargetProtocol.request(settings, name))))
                .exec(session -> {
                    times.ended();
                    return session;
                });
    }
}
