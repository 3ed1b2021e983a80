package io.proxybench.gatling;

import io.gatling.javaapi.core.Simulation;

/**
 * Keep-alive ramp, closed model: N users per step, each with its own connection that it keeps for the
 * whole step (Gatling gives every user its own keep-alive pool, and a user sending one request at a
 * time needs only one connection), so N users hold N connections.
 */
public class KeepAliveRampSimulation extends Simulation {

    public KeepAliveRampSimulation() {
        LoadSettings settings = LoadSettings.fromSystemProperties();
        setUp(ClosedRamp.of(settings, TargetProtocol.base(settings))).maxDuration(settings.maxRunTime());
    }
}
