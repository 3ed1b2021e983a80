package io.proxybench.origin;

/** Which Netty transport the origin runs on. */
public enum OriginTransport {
    /** epoll where the native library loads, NIO otherwise. */
    AUTO,
    /** epoll or fail at start. */
    EPOLL,
    /** Java NIO, also where epoll would be available. */
    NIO
}
