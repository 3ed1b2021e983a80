/**
 * The blocking client to the origins: Apache HttpClient 5 classic over one connection pool, set up
 * to pass the origin's answer on as it came (no retries, redirects or decompression). Its
 * connections keep message boundaries strict: a strict response parser, a bound on interim
 * responses, reuse only when nothing follows a response, request bodies that can be aborted, and a
 * lock-free bound per origin host on requests waiting for a connection.
 */
package io.proxybench.tomcat.origin;
