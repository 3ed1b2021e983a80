/**
 * The stub origin's Netty server: admits and limits connections, counts bytes and requests in
 * adders every event loop updates, plans each answer from the options and the request's
 * {@code X-Origin-*} headers, and writes it, normal or faulty, after its latency and strictly in
 * request order. Bodies are slices of one block of seeded random bytes, so serving one copies
 * nothing.
 */
package io.proxybench.origin.server;
