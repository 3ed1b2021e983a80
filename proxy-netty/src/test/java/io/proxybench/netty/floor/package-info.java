/**
 * A hand-run reference front end, not a test: a byte relay built on the proxy's own transport,
 * allocator and receive sizing, without HTTP. Put under the same keep-alive load as the proxy and
 * nginx, its CPU per request is the least a Netty front end costs on the machine, so the
 * difference to the proxy is what the HTTP work costs and the difference to nginx is what that
 * work may cost at most for the proxy to match it.
 */
package io.proxybench.netty.floor;
