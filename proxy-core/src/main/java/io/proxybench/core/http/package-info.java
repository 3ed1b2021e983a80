/**
 * The HTTP rules both front ends share, over the {@code Headers} view each adapts its own header
 * storage to: stripping hop-by-hop headers, adding X-Forwarded-* and Via, and mapping each way a
 * proxied exchange can fail to its status, body and metric ({@code ProxyError}). {@code MapHeaders}
 * is a plain implementation for tests and front ends with no header storage of their own.
 */
package io.proxybench.core.http;
