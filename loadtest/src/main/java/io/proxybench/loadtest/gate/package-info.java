/**
 * The performance gate for CI: the current checkout against a committed baseline revision, one A/B per
 * proxy, a regression counted only when a second, independent A/B confirms it, and the outcome as
 * {@code gate.md} (for a pull-request comment), {@code gate.json} and a JUnit XML report. Reads A/B
 * verdicts ({@code ab}); runs nothing itself.
 */
package io.proxybench.loadtest.gate;
