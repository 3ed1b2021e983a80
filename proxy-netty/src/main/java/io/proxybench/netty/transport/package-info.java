/**
 * The threads and I/O transport of one server: epoll, io_uring or NIO, and the worker layout
 * (client loops, optional filter pool, optional origin loops), and the client listening sockets: one
 * shared acceptor or one per client loop. Knows nothing of HTTP.
 */
package io.proxybench.netty.transport;
