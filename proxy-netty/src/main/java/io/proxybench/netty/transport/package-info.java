/**
 * The threads and I/O transport of one server: epoll, io_uring or NIO, and the worker layout
 * (client loops, optional filter pool, optional origin loops). Knows nothing of HTTP.
 */
package io.proxybench.netty.transport;
