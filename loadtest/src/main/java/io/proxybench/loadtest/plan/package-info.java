/**
 * What a run does, before it starts: the command line's values parsed and checked (steps,
 * durations, byte sizes, front-end lists with their settings, sweeps, JVM profiles) into one
 * RunPlan, the single input of orchestrate, grouped into its parts: the load (LoadShape), the
 * JVMs (JvmSettings), the origin (OriginSettings), where the roles run (Placement) and how often
 * (RepeatPolicy). Pure values and parsers: nothing here starts a process or touches the machine.
 */
package io.proxybench.loadtest.plan;
