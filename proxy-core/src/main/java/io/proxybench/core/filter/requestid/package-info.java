/**
 * Request ids, the filters that ship with the proxies: {@link io.proxybench.core.filter.requestid.RequestIdFilter}
 * gives every request an {@code X-Request-Id} on its way to the origin (keeping a well-formed one the client
 * sent) and {@link io.proxybench.core.filter.requestid.RequestIdEchoFilter} returns it to the client on the
 * response, so one id ties a client's request to the origin's log line. Both are opt-in by class name in
 * {@code filters=}; they are also the load the kit puts on a front end's filter stage, one cheap filter per
 * direction, the shape of the write-up's Zuul filters.
 */
package io.proxybench.core.filter.requestid;
