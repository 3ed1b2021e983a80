package io.proxybench.loadtest.topology.ssh;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The OpenSSH client command lines the kit runs: always {@code -o BatchMode=yes} (a missing key fails
 * at once instead of prompting for a password) and, when the hosts file names one, {@code -F FILE},
 * so keys and options can be given without touching {@code ~/.ssh}.
 */
final class SshCommands {

    private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private final Path config;

    SshCommands(Path config) {
        this.config = config;
    }

    /** {@code ssh [-F FILE] -o BatchMode=yes [-p PORT] DEST -- REMOTE_COMMAND}. */
    List<String> ssh(HostsFile.Place place, String remoteCommand) {
        List<String> command = options(place, "-p");
        command.add(place.sshDestination());
        command.add("--");
        command.add(remoteCommand);
        return Collections.unmodifiableList(command);
    }

    /**
     * A forward of {@code localPort} on the kit's loopback to {@code host:port} as the box sees it.
     * {@code ExitOnForwardFailure} makes a taken port an error, not a silent no-op. Instead of
     * {@code -N} the session runs {@code cat}, which ends at the end of its stdin: the kit holds that
     * pipe, so the forward ends with the kit even when the kit is killed outright.
     */
    List<String> forward(HostsFile.Place place, int localPort, String host, int port) {
        List<String> command = options(place, "-p");
        command.addAll(List.of(
                "-o",
                "ExitOnForwardFailure=yes",
                "-L",
                "127.0.0.1:" + localPort + ":" + host + ":" + port,
                place.sshDestination(),
                "--",
                "cat >/dev/null"));
        return Collections.unmodifiableList(command);
    }

    /** The ssh command rsync runs as its transport ({@code rsync -e '<this>'}), options quoted for rsync. */
    String rsyncTransport(HostsFile.Place place) {
        return shellCommand(options(place, "-p"));
    }

    private List<String> options(HostsFile.Place place, String portFlag) {
        List<String> command = new ArrayList<>(List.of("ssh"));
        if (config != null) {
            command.addAll(List.of("-F", config.toString()));
        }
        command.addAll(List.of("-o", "BatchMode=yes"));
        if (place.port() != 0) {
            command.addAll(List.of(portFlag, Integer.toString(place.port())));
        }
        return command;
    }

    /**
     * The remote shell parses the command again, so every argument is quoted for it: safe
     * words as they are, anything else in single quotes.
     */
    static String shellCommand(List<String> command) {
        List<String> quoted = new ArrayList<>();
        for (String arg : command) {
            quoted.add(SHELL_SAFE.matcher(arg).matches() ? arg : "'" + arg.replace("'", "'\\''") + "'");
        }
        return String.join(" ", quoted);
    }
}
