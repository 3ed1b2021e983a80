package io.proxybench.tomcat.connector;

/** Told about client connections as the connector handles them; called on Tomcat's I/O and request threads. */
public interface ConnectionEvents {

    void opened();

    void closed();

    /** A connection was closed because its request head did not arrive whole within the deadline. */
    void headTimedOut();
}
