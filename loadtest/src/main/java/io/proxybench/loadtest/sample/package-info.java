/**
 * The once-a-second look at the machine and the processes during a run (SamplingLoop): reads proc
 * and the JVM front ends' GC, JIT and heap (JvmTotalsReader: HotSpot's perf-data file,
 * PerfDataFile, where the front end runs on this box, else its admin /metrics/jvm,
 * JvmAdminSampler), writes each second as a Sample to samples.csv, and keeps the samples for
 * slicing into steps (StepWindow). Also the readings taken at a step's edges, at a front end's
 * start and after its last step: the origin's own counters (OriginStatsReader), the proxy's origin
 * pool once the load is off (OriginPoolReader), and what a proxy resolved at start, such as its
 * transport (ResolvedSettingsReader). Boxes other than the kit's (the hosts topology) stream their
 * own line a second (HostSamplers), written with their host. Every admin reading is one GET that
 * counts only a 200 (AdminGet) and, for /metrics, one walk over the Dropwizard document's numeric
 * figures (MetricsDocument).
 */
package io.proxybench.loadtest.sample;
