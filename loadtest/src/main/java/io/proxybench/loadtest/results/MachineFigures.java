package io.proxybench.loadtest.results;

import com.fasterxml.jackson.annotation.JsonAlias;

/**
 * The machine in one second (a sample) or over one step (the mean of its samples): CPU busy share of
 * all cores, 1-minute load average, run queue, context switches per second, network Mbit/s and free
 * memory. Where each is read: {@code proc} and {@code sample}; docs/results-format.md.
 *
 * @param loadAvg samples.csv called it {@code load1} before the model was shared
 */
public record MachineFigures(Double cpuPct, @JsonAlias("load1") Double loadAvg, Double runQueue, Double ctxSwPerSec,
        Double netMbps, Double memFreeMb) {

    public static final MachineFigures NONE = new MachineFigures(null, null, null, null, null, null);
}
