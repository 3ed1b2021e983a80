package io.proxybench.loadtest.topology.netns;

import io.proxybench.loadtest.proc.UserId;
import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.topology.ShortRunId;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Whether this machine can host the netns topology, asked before a run depends on it. */
public final class NetnsSupport {

    private NetnsSupport() {}

    /**
     * Why this machine cannot host the netns topology (one line), or empty when it can as far as
     * can be told without trying: Linux, root, {@code ip} present, and {@code tc} when shaping.
     */
    public static Optional<String> unavailableReason(LinkShaping shaping) {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return Optional.of(
                    "the netns topology needs Linux network namespaces; this is " + System.getProperty("os.name"));
        }
        if (UserId.effective() != 0) {
            return Optional.of("the netns topology needs root (network namespaces and veth links need"
                    + " CAP_SYS_ADMIN and CAP_NET_ADMIN); run as root or use --topology loopback");
        }
        if (Executables.find("ip").isEmpty()) {
            return Optional.of(
                    "the netns topology needs the 'ip' command (iproute2); install it: apt-get install iproute2");
        }
        if (shaping.shapes() && Executables.find("tc").isEmpty()) {
            return Optional.of("link shaping needs the 'tc' command (iproute2); install it: apt-get install iproute2");
        }
        return Optional.empty();
    }

    /** True when namespaces can really be made here: the prerequisites hold and a probe namespace comes and goes. */
    public static boolean netnsSupported() {
        if (unavailableReason(LinkShaping.none()).isPresent()) {
            return false;
        }
        String ipPath = Executables.find("ip").map(Path::toString).orElse("ip");
        String probe = "pb-probe-" + ShortRunId.next();
        CommandRunner run = CommandRunner.processes(Duration.ofSeconds(10));
        try {
            if (!run.run(List.of(ipPath, "netns", "add", probe)).ok()) {
                return false;
            }
            return run.run(List.of(ipPath, "netns", "delete", probe)).ok();
        } catch (IOException e) {
            return false;
        }
    }
}
