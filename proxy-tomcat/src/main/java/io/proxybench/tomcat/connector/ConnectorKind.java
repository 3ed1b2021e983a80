package io.proxybench.tomcat.connector;

import java.time.Duration;
import java.util.Locale;
import org.apache.coyote.http11.AbstractHttp11Protocol;

/** The client connectors Tomcat 9 offers, by their {@code tomcat.connector} name. */
public enum ConnectorKind {
    /** Tomcat's native connector on the Apache Portable Runtime; needs libtcnative-1. */
    APR("apr (Tomcat native library on the Apache Portable Runtime)") {
        @Override
        public AbstractHttp11Protocol<?> newProtocol(ConnectionEvents events, Duration headTimeout) {
            return new ProxyAprProtocol(events, headTimeout);
        }
    },
    NIO("nio (java.nio selector)") {
        @Override
        public AbstractHttp11Protocol<?> newProtocol(ConnectionEvents events, Duration headTimeout) {
            return new ProxyNioProtocol(events, headTimeout);
        }
    },
    NIO2("nio2 (java.nio asynchronous channels)") {
        @Override
        public AbstractHttp11Protocol<?> newProtocol(ConnectionEvents events, Duration headTimeout) {
            return new ProxyNio2Protocol(events, headTimeout);
        }
    };

    private final String description;

    ConnectorKind(String description) {
        this.description = description;
    }

    /**
     * A fresh protocol handler for one connector.
     *
     * @param headTimeout how long a client may take to send a whole request head
     */
    public abstract AbstractHttp11Protocol<?> newProtocol(ConnectionEvents events, Duration headTimeout);

    public String description() {
        return description;
    }

    /** The config spelling: {@code apr}, {@code nio}, {@code nio2}. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ConnectorKind of(String configName) {
        return valueOf(configName.trim().toUpperCase(Locale.ROOT));
    }
}
