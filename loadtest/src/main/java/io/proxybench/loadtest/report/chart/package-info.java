/**
 * The report's charts as PNGs (XChart): every step figure against the step, all front ends in one
 * chart (AggregateCharts), and each front end's one-second samples over time (TimelineCharts on a
 * TimeAxis that cuts out the other front ends' turns).
 */
package io.proxybench.loadtest.report.chart;
