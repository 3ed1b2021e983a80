package io.proxybench.origin.server;

import io.netty.handler.codec.http.HttpVersion;
import io.proxybench.origin.behavior.FaultKind;

/**
 * One request's answer as decided when the request arrived: what to send, after how long, and whether the
 * connection stays open. It waits in its connection's queue until its delay has passed and every earlier
 * answer has been written.
 */
final class PendingResponse implements Runnable {

    enum Kind {
        PAYLOAD,
        STATS,
        STATS_RESET,
        BAD_REQUEST,
        METHOD_NOT_ALLOWED
    }

    final HttpVersion version;
    final boolean keepAlive;
    final boolean head;
    final String requestId;

    Kind kind = Kind.PAYLOAD;
    /** Injected misbehaviour, or {@code null} for a normal answer. */
    FaultKind fault;

    int payloadSize;
    long delayNanos;
    /** Text of a 400 or 405 answer. */
    String problem;

    /** Set when the delay has passed; the answer is written once everything queued before it is written. */
    boolean ready;

    private OriginRequestHandler owner;

    PendingResponse(HttpVersion version, boolean keepAlive, boolean head, String requestId) {
        this.version = version;
        this.keepAlive = keepAlive;
        this.head = head;
        this.requestId = requestId;
    }

    PendingResponse rejected(Kind kind, String problem) {
        this.kind = kind;
        this.problem = problem;
        this.fault = null;
        this.delayNanos = 0;
        return this;
    }

    void queuedBy(OriginRequestHandler owner) {
        this.owner = owner;
    }

    /** Runs on the connection's event loop when the delay has passed. */
    @Override
    public void run() {
        ready = true;
        owner.writeReadyResponses();
    }
}
