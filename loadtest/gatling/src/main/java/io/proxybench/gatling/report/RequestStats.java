package io.proxybench.gatling.report;

/**
 * One request name's row of Gatling's statistics table: counts, and response times over all its
 * requests, answered or failed (Gatling's "Total" columns; a timed-out request counts with the
 * timeout as its time).
 *
 * @param succeeded requests Gatling counts OK
 * @param failed    requests Gatling counts KO
 * @param latency   null when no request ended
 * @param page      the request's own report page, relative to the report directory
 */
public record RequestStats(String name, long total, long succeeded, long failed, Latency latency, String page) {}
