package io.proxybench.loadtest.topology.ssh;

import io.proxybench.common.testing.Eventually;
import io.proxybench.common.testing.RequiredTool;
import io.proxybench.loadtest.proc.UserId;
import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.Executables;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * An sshd of the test's own: generated host and client keys, its own sshd_config and an ssh client
 * config (known host, identity) in a scratch directory, so nothing is read from or written to
 * {@code ~/.ssh}. It listens on one address the test chooses (loopback, or inside a namespace the
 * test made) and is stopped by {@link #close()}.
 */
final class LocalSshd implements AutoCloseable {

    static final Path SSHD = Path.of("/usr/sbin/sshd");
    private static final CommandRunner RUN = CommandRunner.processes(Duration.ofSeconds(20));

    private final Process process;
    private final Path clientConfig;
    private final String address;
    private final int port;

    private LocalSshd(Process process, Path clientConfig, String address, int port) {
        this.process = process;
        this.clientConfig = clientConfig;
        this.address = address;
        this.port = port;
    }

    /** Skips (or fails, when {@code PROXYBENCH_REQUIRE} names {@code sshd}) without sshd, ssh or root. */
    static void assumeAvailable() {
        RequiredTool.assumePresent(
                "sshd",
                Files.isExecutable(SSHD)
                        && Executables.find("ssh").isPresent()
                        && Executables.find("ssh-keygen").isPresent(),
                "apt-get install openssh-server openssh-client");
        RequiredTool.assumePresent(
                "sshd", UserId.effective() == 0, "an sshd that lets the test log in as itself must run as root");
    }

    /**
     * Starts sshd on {@code address:port}; {@code prefix} runs it elsewhere ({@code ip netns exec NS}).
     * {@code dir} holds the keys and configs; the client config is shared when several daemons use
     * the same directory.
     */
    static LocalSshd start(Path dir, String address, int port, List<String> prefix)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path clientKey = dir.resolve("client_key");
        if (!Files.exists(clientKey)) {
            keygen(clientKey);
            Files.copy(dir.resolve("client_key.pub"), dir.resolve("authorized_keys"));
        }
        Path hostKey = dir.resolve("host_key");
        if (!Files.exists(hostKey)) {
            keygen(hostKey);
        }
        // sshd refuses to start without its privilege separation directory
        Path privsep = Path.of("/run/sshd");
        if (!Files.isDirectory(privsep)) {
            Files.createDirectories(
                    privsep, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        }
        String tag = address.replace(':', '_') + "-" + port;
        Path config = dir.resolve("sshd_config-" + tag);
        Files.writeString(
                config,
                String.join(
                        "\n",
                        "ListenAddress " + address,
                        "Port " + port,
                        "HostKey " + hostKey,
                        "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                        "PidFile " + dir.resolve("sshd-" + tag + ".pid"),
                        "StrictModes no",
                        "UsePAM no",
                        "PasswordAuthentication no",
                        "KbdInteractiveAuthentication no",
                        "PermitRootLogin prohibit-password",
                        "PermitUserRC no",
                        "MaxStartups 100",
                        "MaxSessions 100",
                        ""));
        String hostKeyLine = Files.readString(dir.resolve("host_key.pub")).strip();
        // ssh looks a host on the default port up by its bare address
        String knownAs = port == 22 ? address : "[" + address + "]:" + port;
        Files.writeString(
                dir.resolve("known_hosts"),
                knownAs + " " + hostKeyLine + "\n",
                java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
        Path clientConfig = dir.resolve("ssh_config");
        Files.writeString(
                clientConfig,
                String.join(
                        "\n",
                        "Host *",
                        "  IdentityFile " + clientKey,
                        "  IdentitiesOnly yes",
                        "  UserKnownHostsFile " + dir.resolve("known_hosts"),
                        "  GlobalKnownHostsFile /dev/null",
                        "  StrictHostKeyChecking yes",
                        "  LogLevel ERROR",
                        ""));
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(SSHD.toString(), "-D", "-e", "-f", config.toString()));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("sshd-" + tag + ".log").toFile())
                .start();
        LocalSshd sshd = new LocalSshd(process, clientConfig, address, port);
        sshd.awaitListening(prefix);
        return sshd;
    }

    /** The sshd's pid (its mount namespace is the box's disk). */
    long pid() {
        return process.pid();
    }

    Path clientConfig() {
        return clientConfig;
    }

    /** {@code ssh:root@ADDRESS:PORT}, as a hosts file names it. */
    String target() {
        return "ssh:root@" + address + ":" + port;
    }

    private void awaitListening(List<String> prefix) throws IOException, InterruptedException {
        try {
            Eventually.until(
                    "sshd on " + address + ":" + port + " answers, or exits",
                    () -> !process.isAlive() || (prefix.isEmpty() ? accepts() : answersSsh()));
        } catch (AssertionError e) {
            close();
            throw e;
        }
        if (!process.isAlive()) {
            close();
            throw new IOException("sshd exited with " + process.exitValue());
        }
    }

    private boolean answersSsh() {
        try {
            return RUN.run(List.of(
                            "ssh",
                            "-F",
                            clientConfig.toString(),
                            "-o",
                            "BatchMode=yes",
                            "-p",
                            Integer.toString(port),
                            "root@" + address,
                            "--",
                            "true"))
                    .ok();
        } catch (IOException e) {
            return false;
        }
    }

    private boolean accepts() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 300);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void keygen(Path key) throws IOException {
        CommandRunner.Result result = RUN.run(
                List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "proxybench-test", "-f", key.toString()));
        if (!result.ok()) {
            throw new IOException("ssh-keygen: " + result.oneLine());
        }
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
    }
}
