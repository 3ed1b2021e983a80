package io.proxybench.loadtest.report.chart;

/**
 * A chart as a PNG, with the path it is stored under in the run directory
 * (e.g. {@code charts/rps.png}, {@code charts/netty/cpu.png}) and its title for alt text.
 */
public record RenderedChart(String path, String title, byte[] png) {}
