package io.proxybench.netty.relay;

/**
 * Two client deadlines per connection, checked by the loop's {@link ClientDeadlines} (no timer of
 * its own, nothing scheduled per request):
 * <ul>
 *   <li>request head: from the first byte of a request (or the connection's start) the complete
 *       head must arrive within {@code client.requestReadTimeout}, else {@link #HEAD_TIMEOUT};</li>
 *   <li>idle: a keep-alive connection with no request for {@code client.idleTimeout} gets
 *       {@link #IDLE}.</li>
 * </ul>
 * Either event goes to the connection handler once; the connection then is no longer checked
 * (it stays on the loop's list until it closes). Not a
 * handler of its own (a pipeline entry per idle connection would cost more than these fields):
 * the request decoder reports raw bytes, the connection handler when a head was
 * decoded and when a request ended. Loop-confined.
 */
final class ClientTimeouts {

    static final Object HEAD_TIMEOUT = new Object() {
        @Override
        public String toString() {
            return "request head timeout";
        }
    };
    static final Object IDLE = new Object() {
        @Override
        public String toString() {
            return "client idle";
        }
    };

    final ClientDeadlines deadlines;
    final ClientConnectionHandler client;
    /** Where {@link ClientDeadlines} keeps this connection; -1 when it is not on the list. */
    int slot = -1;
    /** A deadline passed and was reported: nothing more is checked. */
    private boolean expired;
    /** 0 while no request head is being received. */
    private long headStartNanos;

    private long lastRequestEndNanos;
    private boolean inRequest;

    ClientTimeouts(ClientDeadlines deadlines, ClientConnectionHandler client) {
        this.deadlines = deadlines;
        this.client = client;
    }

    /** The connection is up. Like a web server's header timeout, the clock for the first request starts now. */
    void start() {
        headStartNanos = System.nanoTime();
        deadlines.add(this);
    }

    /** Raw bytes came in: the first after a response starts the clock of the next request's head. */
    void bytesArrived() {
        if (headStartNanos == 0 && !inRequest) {
            headStartNanos = System.nanoTime();
        }
    }

    /** The connection closed. */
    void stop() {
        deadlines.remove(this);
    }

    /** A complete request head was decoded: its request runs now. */
    void headReceived() {
        headStartNanos = 0;
        inRequest = true;
    }

    /** The response was written; the connection waits for the next request. */
    void requestEnded() {
        inRequest = false;
        lastRequestEndNanos = System.nanoTime();
    }

    /** Called by {@link ClientDeadlines} once per tick. */
    void check(long now) {
        if (inRequest || expired) {
            return;
        }
        Object event;
        if (headStartNanos != 0) {
            event = now - headStartNanos >= deadlines.headTimeoutNanos ? HEAD_TIMEOUT : null;
        } else {
            event = now - lastRequestEndNanos >= deadlines.idleTimeoutNanos ? IDLE : null;
        }
        if (event != null) {
            expired = true;
            client.deadlinePassed(event);
        }
    }
}
