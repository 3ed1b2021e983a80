package io.proxybench.tomcat.connector;

import org.apache.tomcat.util.net.AbstractEndpoint;

/**
 * What a connector's endpoint knows about its threads and connections, for gauges. The three
 * protocol subclasses extend different Tomcat classes, so the figures live here, once.
 */
public interface EndpointFigures {

    /** The protocol's endpoint (Tomcat keeps its accessor protected). */
    AbstractEndpoint<?, ?> endpoint();

    /** Request threads serving a request now; -1 when the executor cannot tell (virtual threads). */
    default int busyThreads() {
        return endpoint().getCurrentThreadsBusy();
    }

    /** Request threads that exist now; -1 when the executor cannot tell. */
    default int currentThreads() {
        return endpoint().getCurrentThreadCount();
    }

    /** Which threads serve requests: the started executor's kind, whatever the configuration asked for. */
    default RequestThreads threads() {
        return RequestThreads.servedBy(endpoint().getExecutor());
    }

    /** Connections Tomcat counts against maxConnections (one extra while the acceptor waits); -1 when unlimited. */
    default long connectionCount() {
        return endpoint().getConnectionCount();
    }
}
