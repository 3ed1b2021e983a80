/**
 * The history of many runs: the run directories found under the given directories, grouped into runs
 * that measured the same plan on the same machine (revisions apart), and per group, front end and step
 * each key figure over time with its change points, printed and written as history.md and history.html.
 * Reads runs with the results package, finds change points with the changepoint package, draws with
 * the report's charts; starts nothing.
 */
package io.proxybench.loadtest.history;
