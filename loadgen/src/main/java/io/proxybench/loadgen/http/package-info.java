/**
 * HTTP/1.1 on the wire, as lean as a load generator needs it: the target URL, the request bytes
 * encoded once per run, and an incremental response parser that only looks at what framing needs
 * (status, Content-Length, chunked, Connection) and skips bodies without copying them. Knows
 * nothing of connections, models or recording.
 */
package io.proxybench.loadgen.http;
