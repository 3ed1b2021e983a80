/**
 * Origin connections as Netty channels: how they are opened (the HTTP client codec, resolved
 * addresses), and the handler that passes each response to the request it serves, on that
 * request's loop, and times out a silent origin. Knows requests only through
 * {@link io.proxybench.netty.origin.OriginListener}.
 */
package io.proxybench.netty.origin;
