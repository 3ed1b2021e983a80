package io.proxybench.netty.footprint;

import io.proxybench.netty.support.ChildJvm;
import io.proxybench.origin.StubOriginMain;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * A stub origin (1 KiB, no latency) in a JVM of its own, as in a kit run. An origin in the
 * measuring JVM would run Netty's HTTP decoder too, and its decoder class, a third one at the
 * decoders' shared call sites beside the proxy's two, turns them megamorphic: the JIT then stops
 * inlining the message creation, and the proxy's loop allocates the request line's word array and
 * other objects it otherwise scalar-replaces (88 bytes a request more, measured that way).
 */
final class OriginProcess implements AutoCloseable {

    private final Process process;
    private final int port;

    private OriginProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static OriginProcess start() throws IOException, InterruptedException {
        Process p = ChildJvm.start(
                StubOriginMain.class,
                ProcessBuilder.Redirect.DISCARD,
                "--port",
                "0",
                "--bind",
                "127.0.0.1",
                "--latency",
                "0ms",
                "--payload-size",
                "1024",
                "--threads",
                "1",
                "--drain-timeout",
                "0s");
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            if (line.startsWith("listening port=")) {
                return new OriginProcess(
                        p,
                        Integer.parseInt(
                                line.substring("listening port=".length()).trim()));
            }
        }
        p.destroyForcibly();
        throw new IOException("the origin process ended before it listened (exit " + p.waitFor() + ")");
    }

    int port() {
        return port;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
