/**
 * Reading a finished Gatling HTML report, the one readable source of its statistics: each request
 * name's row of the statistics table (counts and response-time percentiles), and from that
 * request's own page the latencies of the successful requests and the failures by message. Columns
 * are found by their header text, and failure messages are sorted into the error kinds wrk counts,
 * so that both generators fill the same columns.
 */
package io.proxybench.gatling.report;
