package io.proxybench.loadtest.plan;

import java.time.Duration;

/**
 * How the stub origin answers.
 *
 * @param latency      its wait before each answer
 * @param payloadBytes its body size
 * @param faults       faults it injects ({@code --origin-faults}); {@link OriginFaultMix#NONE} for none
 */
public record OriginSettings(Duration latency, int payloadBytes, OriginFaultMix faults) {

    public OriginSettings {
        faults = faults == null ? OriginFaultMix.NONE : faults;
    }
}
