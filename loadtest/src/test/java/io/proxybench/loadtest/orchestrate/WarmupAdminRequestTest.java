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

/** The warm-up's admin requests: who is asked, how, in which order, and what an answer means. */
class WarmupAdminRequestTest {

    private HttpServer admin;
    private final List<String> asked = new CopyOnWriteArrayList<>();
    /** What the admin port answers a POST and a GET; a proxy's answers to start with. */
    private volatile int postStatus = 202;

    private volatile int getStatus = 200;

    @BeforeEach
    void start() throws IOException {
        admin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        admin.createContext("/", exchange -> {
            asked.add(exchange.getRequestMethod() + " " + exchange.getRequestURI());
            exchange.sendResponseHeaders("POST".equals(exchange.getRequestMethod()) ? postStatus : getStatus, -1);
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
        assertThat(WarmupAdminRequest.closeIdleOrigins("netty", frontEnd(admin.getAddress()))
                        .settle())
                .isEqualTo(WarmupAdminRequest.CLOSED_IDLE);
        assertThat(asked).containsExactly("POST /origin-pool/close-idle?idleMs=0");
    }

    @Test
    void aJvmFrontEndHasItsFullMetricsReadOnce() {
        assertThat(WarmupAdminRequest.readTimers("netty", frontEnd(admin.getAddress()))
                        .settle())
                .isEqualTo(WarmupAdminRequest.READ_TIMERS);
        assertThat(asked).containsExactly("GET /metrics");
    }

    @Test
    void theWarmupClosesIdleOriginConnectionsThenReadsTheTimers() {
        assertThat(WarmupAdminRequest.all("netty", frontEnd(admin.getAddress())).settle())
                .isEqualTo("closed idle origin connections and read its timers once");
        assertThat(asked).containsExactly("POST /origin-pool/close-idle?idleMs=0", "GET /metrics");
    }

    @Test
    void whatOneAnswerRefusedIsLeftOutOfWhatWasDone() {
        postStatus = 404;
        assertThat(WarmupAdminRequest.all("netty", frontEnd(admin.getAddress())).settle())
                .isEqualTo(WarmupAdminRequest.READ_TIMERS);
        postStatus = 202;
        getStatus = 503;
        assertThat(WarmupAdminRequest.all("netty", frontEnd(admin.getAddress())).settle())
                .isEqualTo(WarmupAdminRequest.CLOSED_IDLE);
    }

    @Test
    void aFrontEndWithoutTheRoutesOrWithoutAnAdminPortSettlesNothing() {
        postStatus = 404;
        getStatus = 404;
        assertThat(WarmupAdminRequest.all("netty", frontEnd(admin.getAddress())).settle())
                .isNull();
        assertThat(WarmupAdminRequest.all("nginx", frontEnd(null))).isNull();
    }

    @Test
    void anAdminPortThatDoesNotAnswerSettlesNothing() {
        admin.stop(0);
        assertThat(WarmupAdminRequest.all("netty", frontEnd(admin.getAddress())).settle())
                .isNull();
    }

    private static RunningServer frontEnd(InetSocketAddress adminControl) {
        return new RunningServer(null, "127.0.0.1", 9, new InetSocketAddress("127.0.0.1", 9), adminControl, List.of());
    }
}
