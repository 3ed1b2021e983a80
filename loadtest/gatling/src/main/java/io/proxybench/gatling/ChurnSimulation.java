package io.proxybench.gatling;

import io.gatling.javaapi.core.Simulation;

/**
 * Connection churn, closed model: N users per step, every request sent with {@code Connection: close}
 * so that each one travels on a new TCP connection.
 */
public class ChurnSimulation extends Simulation {

    public ChurnSimulation() {
        LoadSettings settings = LoadSettings.fromSystemProperties();
        setUp(ClosedRamp.of(settings, TargetProtocol.base(settings).connectionHeader("close")))
                .maxDuration(settings.maxRunTime());
    }
}
