/**
 * The once-a-second look at the machine and the processes during a run (SamplingLoop): reads proc
 * and the JVM front ends' admin /metrics (JvmAdminSampler), writes each second as a Sample to
 * samples.csv, and keeps the samples for slicing into steps (StepWindow).
 */
package io.proxybench.loadtest.sample;
