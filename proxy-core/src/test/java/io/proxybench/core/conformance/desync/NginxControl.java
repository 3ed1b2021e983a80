package io.proxybench.core.conformance.desync;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * nginx as a reverse proxy in front of one origin, on loopback only, configured in a temporary
 * directory: the control the desync fuzzer is checked against. Upstream keep-alive of one
 * connection, so that a connection it could not frame would be reused where it matters.
 */
final class NginxControl implements AutoCloseable {

    private final Process process;
    private final Path dir;
    private final int port;

    private NginxControl(Process process, Path dir, int port) {
        this.process = process;
        this.dir = dir;
        this.port = port;
    }

    /** The nginx binary on the PATH (or /usr/sbin), or {@code null} when none is installed. */
    static String binary() {
        for (String d : (System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/sbin")
                .split(File.pathSeparator)) {
            File f = new File(d, "nginx");
            if (f.canExecute()) {
                return f.getAbsolutePath();
            }
        }
        return null;
    }

    static NginxControl start(String binary, int originPort) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("desync-nginx");
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String conf = """
                daemon off;
                master_process off;
                worker_processes 1;
                pid %1$s/nginx.pid;
                error_log %1$s/error.log warn;
                events { worker_connections 256; }
                http {
                    access_log off;
                    client_body_temp_path %1$s/body;
                    proxy_temp_path %1$s/proxy;
                    fastcgi_temp_path %1$s/fastcgi;
                    uwsgi_temp_path %1$s/uwsgi;
                    scgi_temp_path %1$s/scgi;
                    client_header_timeout 1s;
                    client_body_timeout 1s;
                    keepalive_timeout 2s;
                    upstream wire { server 127.0.0.1:%2$d; keepalive 1; }
                    server {
                        listen 127.0.0.1:%3$d;
                        location / {
                            proxy_pass http://wire;
                            proxy_http_version 1.1;
                            proxy_set_header Connection "";
                            proxy_connect_timeout 1s;
                            proxy_read_timeout 1s;
                            proxy_send_timeout 1s;
                        }
                    }
                }
                """.formatted(dir, originPort, port);
        Path file = dir.resolve("nginx.conf");
        Files.writeString(file, conf, StandardCharsets.US_ASCII);
        Process p = new ProcessBuilder(
                        binary,
                        "-p",
                        dir.toString(),
                        "-c",
                        file.toString(),
                        "-e",
                        dir.resolve("error.log").toString())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("stdout.log").toFile())
                .start();
        NginxControl n = new NginxControl(p, dir, port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                n.close();
                throw new IOException("nginx exited at start: " + Files.readString(dir.resolve("stdout.log")));
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return n;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        n.close();
        throw new IOException("nginx did not listen on " + port + " within 10 s");
    }

    int port() {
        return port;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(f -> f.toFile().delete());
        } catch (IOException ignored) {
            // a temporary directory left behind is harmless
        }
    }
}
