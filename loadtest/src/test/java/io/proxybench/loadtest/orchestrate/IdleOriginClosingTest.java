package io.proxybench.loadtest.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.proxybench.loadtest.frontend.RunningServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The warm-up's request to close idle origin connections: who is asked, how, and what an answer means. */
class IdleOriginClosingTest {

    private HttpServer admin;
    private final List<String> asked = new CopyOnWriteArrayList<>();
    private volatile int status = 202;

    @BeforeEach
    void start() throws IOException {
        admin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        admin.createContext("/", exchange -> {
            asked.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        admin.start();
    }

    @AfterEach
    void stop() {
        admin.stop(0);
    }

    @Test
    void aJvmFrontEndIsAskedByPostToCloseEveryIdleConnection() {
        assertThat(IdleOriginClosing.of("netty", frontEnd(admin.getAddress())).settle())
                .isEqualTo(IdleOriginClosing.DONE);
        assertThat(asked).containsExactly("POST /origin-pool/close-idle?idleMs=0");
    }

    @Test
    void aFrontEndWithoutTheRouteOrWithoutAnAdminPortSettlesNothing() {
        status = 404;
        assertThat(IdleOriginClosing.of("netty", frontEnd(admin.getAddress())).settle()).isNull();
        assertThat(IdleOriginClosing.of("nginx", frontEnd(null))).isNull();
    }

    @Test
    void anAdminPortThatDoesNotAnswerSettlesNothing() {
        admin.stop(0);
        assertThat(IdleOriginClosing.of("netty", frontEnd(admin.getAddress())).settle()).isNull();
    }

    private static RunningServer frontEnd(InetSocketAddress adminControl) {
        return new RunningServer(null, "127.0.0.1", 9, new InetSocketAddress("127.0.0.1", 9), adminControl, List.of());
    }
}
