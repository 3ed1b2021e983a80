package io.proxybench.loadgen.engine;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import io.proxybench.loadgen.record.ErrorKind;
import io.proxybench.loadgen.record.LoopRecorder;
import io.proxybench.loadgen.record.StepTotals;
import io.proxybench.loadgen.tls.ClientTls;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One event loop's share of the load: its connections, its copy of the request bytes, its recorder,
 * and the current step's settings. Every method runs on {@link #loop()}.
 */
final class LoopWorker {

    /** How often requests are checked against the timeout; the timeout is honoured to within this. */
    static final long SWEEP_MS = 20;

    private final EventLoop loop;
    private final Bootstrap bootstrap;
    private final LoopRecorder recorder = new LoopRecorder();
    private final List<Connection> connections = new ArrayList<>();
    private final ByteBuf keepAliveRequest;
    private final ByteBuf closeRequest;
    /** Null on plain HTTP. */
    private final ClientTls tls;

    private ScheduledFuture<?> sweep;

    private boolean active;
    private boolean recording;
    private boolean churn;
    private boolean openModel;
    private long endNanos;
    private long intervalNanos;
    private long timeoutNanos = Long.MAX_VALUE;

    LoopWorker(
            EventLoop loop,
            Transport transport,
            InetSocketAddress address,
            byte[] keepAliveRequest,
            byte[] closeRequest,
            ClientTls tls) {
        this.loop = loop;
        this.tls = tls;
        this.bootstrap =
                new Bootstrap().group(loop).channel(transport.channelClass()).remoteAddress(address);
        // No TCP_NODELAY option: Netty enables it on every socket it creates; setting it again is one more
        // setsockopt per connection, which a churn step pays per request.
        this.keepAliveRequest = Unpooled.directBuffer(keepAliveRequest.length).writeBytes(keepAliveRequest);
        this.closeRequest = Unpooled.directBuffer(closeRequest.length).writeBytes(closeRequest);
    }

    EventLoop loop() {
        return loop;
    }

    Bootstrap bootstrap() {
        return bootstrap;
    }

    LoopRecorder recorder() {
        return recorder;
    }

    /** Null on plain HTTP. */
    ClientTls tls() {
        return tls;
    }

    boolean active() {
        return active;
    }

    boolean churn() {
        return churn;
    }

    boolean openModel() {
        return openModel;
    }

    long endNanos() {
        return endNanos;
    }

    long intervalNanos() {
        return intervalNanos;
    }

    ByteBuf request() {
        return churn ? closeRequest : keepAliveRequest;
    }

    void add(Connection connection) {
        connections.add(connection);
        if (sweep == null) {
            sweep = loop.scheduleAtFixedRate(this::sweep, SWEEP_MS, SWEEP_MS, TimeUnit.MILLISECONDS);
        }
        if (active) {
            connection.kick();
        }
    }

    void remove(Connection connection) {
        connections.remove(connection);
        connection.retire();
    }

    /**
     * Starts a step at {@code startNanos}.
     *
     * @param totalConnections connections over all loops (the open model spreads the rate over them)
     */
    void begin(StepPlan plan, long startNanos, int totalConnections) {
        active = true;
        recording = true;
        churn = plan.churn();
        openModel = plan.openModel();
        endNanos = startNanos + plan.duration().toNanos();
        timeoutNanos = plan.timeout().toNanos();
        bootstrap.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int)
                Math.min(Integer.MAX_VALUE, plan.timeout().toMillis()));
        double gapNanos = plan.openModel() ? 1e9 / plan.rate() : 0;
        intervalNanos = Math.max(1, Math.round(gapNanos * totalConnections));
        for (Connection connection : connections) {
            connection.begin(startNanos + Math.round(gapNanos * connection.index));
        }
    }

    /** Ends the step: nothing new is sent, later answers are not recorded; returns the step's counters. */
    StepTotals end() {
        active = false;
        if (openModel) {
            long unsent = 0;
            for (Connection connection : connections) {
                unsent += connection.unsentBefore(endNanos, intervalNanos);
            }
            recorder.unsent(unsent);
        }
        recording = false;
        return recorder.takeTotals();
    }

    int busy() {
        int busy = 0;
        for (Connection connection : connections) {
            busy += connection.busy() ? 1 : 0;
        }
        return busy;
    }

    void abandonBusy() {
        for (Connection connection : connections) {
            connection.abandon();
        }
    }

    /** Closes every connection; the request buffers are released by {@link #release()} once the loop has stopped. */
    void retireAll() {
        for (Connection connection : connections) {
            connection.retire();
        }
        connections.clear();
        if (sweep != null) {
            sweep.cancel(false);
            sweep = null;
        }
    }

    void release() {
        keepAliveRequest.release();
        closeRequest.release();
    }

    void answered(long nanos, int status) {
        if (!recording || System.nanoTime() > endNanos) {
            return;
        }
        recorder.response(nanos);
        if (status >= 400) {
            recorder.error(ErrorKind.STATUS);
        }
    }

    void error(ErrorKind kind) {
        if (recording) {
            recorder.error(kind);
        }
    }

    void bytes(int n) {
        if (recording) {
            recorder.bytes(n);
        }
    }

    void handshake(boolean resumed) {
        if (recording) {
            recorder.handshake(resumed);
        }
    }

    void connectionOpened() {
        if (recording) {
            recorder.connectionOpened();
        }
    }

    private void sweep() {
        long now = System.nanoTime();
        for (int i = 0; i < connections.size(); i++) {
            connections.get(i).checkTimeout(now, timeoutNanos);
        }
    }
}
