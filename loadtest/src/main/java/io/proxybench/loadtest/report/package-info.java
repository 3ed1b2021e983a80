/**
 * Turns a results directory into report.md (conditions, the results table, the ratios of
 * throughput and CPU per request) and report.html; ResultsTable defines the table's columns once
 * for Markdown, console and HTML.
 * Reports are always made from the files, never from a run's memory, so any run can be
 * re-rendered later with {@code proxybench report <run-dir>} (ReportWriter).
 */
package io.proxybench.loadtest.report;
