/**
 * The Zuul-style filter API both front ends run: a {@code ProxyFilter} sees a request's line and
 * headers, and outbound the origin's status and headers, through a {@code ProxyExchange}, never a
 * body, and either proceeds or answers the client at once. Filters, loaded as services or by class
 * name from config, run as an inbound and an outbound chain built once and shared by all requests.
 */
package io.proxybench.core.filter;
