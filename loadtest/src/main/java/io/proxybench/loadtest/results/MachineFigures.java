package io.proxybench.loadtest.results;

import com.fasterxml.jackson.annotation.JsonAlias;

/**
 * The machine in one second (a sample) or over one step (the mean of its samples): CPU busy share of
 * all cores, 1-minute load average, run queue, context switches per second, network Mbit/s, free
 * memory and the share of all cores the hypervisor gave to others. Where each is read: {@code proc}
 * and {@code sample}; docs/results-format.md.
 *
 * @param loadAvg  samples.csv called it {@code load1} before the model was shared
 * @param stealPct null in files written before it was read
 */
public record MachineFigures(
        Double cpuPct,
        @JsonAlias("load1") Double loadAvg,
        Double runQueue,
        Double ctxSwPerSec,
        Double netMbps,
        Double memFreeMb,
        Double stealPct) {

    public static final MachineFigures NONE = new MachineFigures(null, null, null, null, null, null, null);
}
