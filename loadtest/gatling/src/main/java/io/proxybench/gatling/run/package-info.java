/**
 * The runner the kit starts for one Gatling simulation ({@code GatlingRun}): it keeps Gatling on
 * this machine and inside its results directory, runs it, then joins the report's tables with each
 * phase's measured span into one figures file, warm-up and step by step, that the kit reads. Its
 * exit code tells a Gatling failure from bad settings and from a report that could not be read.
 */
package io.proxybench.gatling.run;
