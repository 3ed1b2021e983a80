/**
 * Turns a results directory (docs/results-format.md) into report.md, report.html and chart PNGs.
 *
 * <p>Reports are always made from the files, never from a run's memory, so any run can be
 * re-rendered later with {@code proxybench report <run-dir>}. Entry points: {@link
 * io.proxybench.loadtest.report.ReportWriter#write(java.nio.file.Path)} and {@link
 * io.proxybench.loadtest.cli.ReportCommand}.
 */
package io.proxybench.loadtest.report;
