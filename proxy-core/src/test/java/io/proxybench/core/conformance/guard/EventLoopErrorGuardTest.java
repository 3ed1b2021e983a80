package io.proxybench.core.conformance.guard;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The I/O event loops front ends run on log a task's exception and carry on; the tap must see that. */
class EventLoopErrorGuardTest {

    @Test
    void aTaskThatThrowsOnAnEventLoopIsSeen() throws Exception {
        EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        LogbackTap tap = LogbackTap.attach(EventLoopErrorGuard.WATCHED_LOGGERS);
        try {
            loop.execute(() -> {
                throw new IllegalStateException("thrown on purpose by a task");
            });
            loop.submit(() -> {}).get(5, TimeUnit.SECONDS);
        } finally {
            tap.detach();
            loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
        }
        assertThat(tap.events()).hasSize(1);
        assertThat(tap.events().get(0))
                .contains("IllegalStateException: thrown on purpose by a task")
                .contains("aTaskThatThrowsOnAnEventLoopIsSeen");
    }

    @Test
    void quietLoopsLeaveNothing() throws Exception {
        EventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        LogbackTap tap = LogbackTap.attach(EventLoopErrorGuard.WATCHED_LOGGERS);
        try {
            loop.submit(() -> 42).get(5, TimeUnit.SECONDS);
        } finally {
            tap.detach();
            loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
        }
        assertThat(tap.events()).isEmpty();
    }
}
