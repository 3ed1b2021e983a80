/**
 * HTTP/1.1 on the wire, read strictly: a reference parser that calls malformed whatever RFC 9112
 * does not allow, and an origin that records every byte a proxy forwards through that parser and
 * answers each request with its serial number (or with a raw answer a case spells out). Test code
 * only; depends on nothing of the proxies.
 */
package io.proxybench.core.conformance.wire;
