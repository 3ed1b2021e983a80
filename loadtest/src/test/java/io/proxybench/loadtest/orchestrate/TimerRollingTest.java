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

/** The warm-up's one read of a JVM front end's timers, alone and after the idle-connection closing. */
class TimerRollingTest {

    private HttpServer admin;
    private final List<String> asked = new CopyOnWriteArrayList<>();
    private volatile int status = 200;

    @BeforeEach
    void start() throws IOException {
        admin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        admin.createContext("/", exchange -> {
            asked.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
            boolean post = "POST".equals(exchange.getRequestMethod());
            exchange.sendResponseHeaders(status == 200 && post ? 202 : status, -1);
            exchange.close();
        });
        admin.start();
    }

    @AfterEach
    void stop() {
        admin.stop(0);
    }

    @Test
    void aJvmFrontEndHasItsFullMetricsReadOnce() {
        assertThat(TimerRolling.of("netty", frontEnd(admin.getAddress())).settle()).isEqualTo(TimerRolling.DONE);
        assertThat(asked).containsExactly("GET /metrics");
    }

    @Test
    void theWarmupClosesIdleOriginConnectionsThenReadsTheTimers() {
        RunningServer netty = frontEnd(admin.getAddress());
        SteadyWindows.Settling settling = SteadyWindows.Settling.both(IdleOriginClosing.of("netty", netty),
                TimerRolling.of("netty", netty));
        assertThat(settling.settle()).isEqualTo("closed idle origin connections and read its timers once");
        assertThat(asked).containsExactly("POST /origin-pool/close-idle?idleMs=0", "GET /metrics");
    }

    @Test
    void whatWasNotDoneIsLeftOutAndAFrontEndWithoutAnAdminPortSettlesNothing() {
        status = 404;
        RunningServer netty = frontEnd(admin.getAddress());
        assertThat(SteadyWindows.Settling.both(IdleOriginClosing.of("netty", netty), TimerRolling.of("netty", netty))
                .settle()).isNull();
        RunningServer nginx = frontEnd(null);
        assertThat(SteadyWindows.Settling.both(IdleOriginClosing.of("nginx", nginx), TimerRolling.of("nginx", nginx)))
                .isNull();
    }

    @Test
    void anAdminPortThatDoesNotAnswerSettlesNothing() {
        admin.stop(0);
        assertThat(TimerRolling.of("netty", frontEnd(admin.getAddress())).settle()).isNull();
    }

    private static RunningServer frontEnd(InetSocketAddress adminControl) {
        return new RunningServer(null, "127.0.0.1", 9, new InetSocketAddress("127.0.0.1", 9), adminControl, List.of());
    }
}
