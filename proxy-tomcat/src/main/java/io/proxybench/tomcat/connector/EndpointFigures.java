package io.proxybench.tomcat.connector;

/** What a connector's endpoint knows about its threads and connections, for gauges. */
public interface EndpointFigures {

    /** Request threads serving a request now; -1 when the executor cannot tell (virtual threads). */
    int busyThreads();

    /** Request threads that exist now; -1 when the executor cannot tell. */
    int currentThreads();

    /** Connections Tomcat counts against maxConnections (one extra while the acceptor waits); -1 when unlimited. */
    long connectionCount();
}
