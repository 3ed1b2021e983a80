package io.proxybench.netty.relay;

import io.netty.channel.Channel;
import io.netty.util.ReferenceCountUtil;
import io.proxybench.netty.origin.OriginListener;
import io.proxybench.netty.origin.OriginResponseHandler;
import io.proxybench.netty.pool.PooledConnection;
import java.util.ArrayList;
import java.util.List;

/**
 * A whole request sent along with its pool request to an origin connection that lives on another
 * loop. That loop writes it the moment it has the connection, and the client's loop hears which
 * connection took it with the first origin event that hops there anyway (the response, a failure).
 * Done the plain way, the request took four hops between the two loops; this way two, each a
 * thread wake-up saved.
 *
 * <p>Fields are owned by one side at a time: {@link #take} on the client's loop hands the messages
 * over, the pool's hop publishes them; the connection comes back the same way.
 */
final class RequestWithAcquire {

    /** The messages, owned by the origin's loop from {@link #take} until written or released. */
    private List<Object> messages;
    /** Set on the origin's loop, taken on the client's loop with the first event hopping there. */
    private volatile PooledConnection<Channel> unannounced;
    /** This attempt's request went along (client's loop only). */
    private boolean pending;

    private boolean complete;

    /** On the client's loop, before asking the pool: takes the head and held body from {@code receiver}. */
    void take(ClientRequestReceiver receiver) {
        List<Object> out = new ArrayList<>(3);
        complete = receiver.moveRequestTo(out);
        pending = true;
        messages = out;
    }

    /** On the client's loop: this attempt's request went along and no connection is known yet. */
    boolean pending() {
        return pending;
    }

    /** Whether what went along ended with the request's end marker. */
    boolean complete() {
        return complete;
    }

    /** On the client's loop, once the attempt has its connection or has failed. */
    void settled() {
        pending = false;
    }

    /**
     * On the origin's loop, with the connection: true when a request went along; it is then
     * written and flushed, after {@code receiver} is bound to the connection's response handler.
     */
    boolean writeOn(PooledConnection<Channel> connection, OriginResponseHandler handler, OriginListener receiver) {
        List<Object> out = messages;
        if (out == null) {
            return false;
        }
        messages = null;
        unannounced = connection; // before bind: every event bound to the response hops after this
        handler.bind(receiver);
        writeAll(connection.connection(), out);
        return true;
    }

    /** On {@code ch}'s loop: writes {@code messages} in order, then flushes them together. */
    static void writeAll(Channel ch, List<Object> messages) {
        for (Object m : messages) {
            ch.write(m, ch.voidPromise());
        }
        ch.flush();
    }

    /** On the origin's loop when no connection could be had: what went along is released. */
    void releaseUnwritten() {
        List<Object> out = messages;
        if (out != null) {
            messages = null;
            out.forEach(ReferenceCountUtil::release);
        }
    }

    /** On the client's loop, from an origin event: the connection that took the request, once. */
    PooledConnection<Channel> announced() {
        PooledConnection<Channel> c = unannounced;
        if (c != null) {
            unannounced = null;
        }
        return c;
    }

    /** On the origin's loop: closes the connection that took the request if nobody heard of it yet. */
    void closeUnannounced() {
        PooledConnection<Channel> c = unannounced;
        if (c != null) {
            c.connection().close();
        }
    }
}
