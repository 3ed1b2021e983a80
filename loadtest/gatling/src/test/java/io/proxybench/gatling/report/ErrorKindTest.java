package io.proxybench.gatling.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Messages as Gatling 3.15's HTTP client and status check write them. */
class ErrorKindTest {

    @Test
    void statusCheckFailuresAreStatusErrors() {
        assertThat(ErrorKind.of("status.find.is(200), found 502")).isEqualTo(ErrorKind.STATUS);
    }

    @Test
    void requestTimeoutsAreTimeouts() {
        assertThat(ErrorKind.of("Request timeout to 127.0.0.1/127.0.0.1:8080 after 10000 ms"))
                .isEqualTo(ErrorKind.TIMEOUT);
    }

    @Test
    void refusedOrTimedOutConnectsAreConnectErrors() {
        assertThat(ErrorKind.of("i.n.c.AbstractChannel$AnnotatedConnectException: Connection refused: /127.0.0.1:1"))
                .isEqualTo(ErrorKind.CONNECT);
        assertThat(ErrorKind.of("i.n.c.ConnectTimeoutException: connection timed out after 10000 ms: /127.0.0.1:8080"))
                .isEqualTo(ErrorKind.CONNECT);
        assertThat(ErrorKind.of("j.n.BindException: Cannot assign requested address"))
                .isEqualTo(ErrorKind.CONNECT);
    }

    @Test
    void brokenPipesAreWriteErrors() {
        assertThat(ErrorKind.of("i.n.c.u.Errors$NativeIoException: writev(..) failed: Broken pipe"))
                .isEqualTo(ErrorKind.WRITE);
    }

    @Test
    void closesAndResetsWhileWaitingAreReadErrors() {
        assertThat(ErrorKind.of("i.g.h.c.i.PrematureCloseException: Premature close"))
                .isEqualTo(ErrorKind.READ);
        assertThat(ErrorKind.of("i.n.c.u.Errors$NativeIoException: recvAddress(..) failed: Connection reset by peer"))
                .isEqualTo(ErrorKind.READ);
    }
}
