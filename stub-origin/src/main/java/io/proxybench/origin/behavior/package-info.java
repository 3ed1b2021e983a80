/**
 * How the stub origin is told to misbehave and how long to wait: the fault kinds by wire name (a
 * 500, a reset, a close mid-body, garbage, a stall, a slow body), a mix of per-request fault shares
 * spelled {@code status-500=0.01,reset=0.001}, and the latency model, fixed or uniform between two
 * bounds.
 */
package io.proxybench.origin.behavior;
