package io.proxybench.netty.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.epoll.Epoll;
import org.junit.jupiter.api.Test;

/** What {@code server.transport} resolves to: epoll where it loads, and only a known name. */
class TransportSelectionTest {

    @Test
    void autoRunsOnEpollWhereItLoads() {
        assumeTrue(Epoll.isAvailable(), "epoll's native library does not load here");

        assertThat(Transport.select("auto")).isEqualTo(Transport.EPOLL);
        assertThat(Transport.select("epoll")).isEqualTo(Transport.EPOLL);
    }

    @Test
    void ioUringIsTakenOnlyWhenAskedFor() {
        IoUringRequired.assumeAvailable();

        assertThat(Transport.select("io_uring")).isEqualTo(Transport.IO_URING);
        assertThat(Transport.select("auto")).isNotEqualTo(Transport.IO_URING);
    }

    @Test
    void nioIsTakenAsNamedEverywhere() {
        assertThat(Transport.select("nio")).isEqualTo(Transport.NIO);
    }

    @Test
    void anUnknownTransportIsRefusedWithTheChoices() {
        assertThatThrownBy(() -> Transport.select("kqueue"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("auto, epoll, io_uring, nio");
    }
}
