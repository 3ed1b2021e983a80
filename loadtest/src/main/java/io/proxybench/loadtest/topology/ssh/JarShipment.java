package io.proxybench.loadtest.topology.ssh;

import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.topology.TopologyException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Copies the kit's files a box's roles need (the jars) to {@code <remote.dir>/files/} on the box,
 * before the run, so that a box needs only Java (and wrk, nginx or HAProxy where it runs them). A
 * file whose SHA-256 the box already has there is not copied again. The copy goes through the
 * system's rsync over the same ssh ({@code rsync -e "ssh -F ..."}) when both ends have rsync, else
 * through {@code ssh ... 'cat > FILE'}; one line per box says which, and what was copied.
 */
final class JarShipment {

    /** Where each local file is on the box, and the line that says what was done. */
    record Shipped(Map<Path, String> remotePaths, String line) {}

    private final SshCommands ssh;
    private final CommandRunner runner;
    private final String filesDir;
    private final boolean localRsync;
    private final Map<Path, String> sums = new HashMap<>();

    /** @param localRsync whether this machine has rsync */
    JarShipment(SshCommands ssh, CommandRunner runner, String remoteDir, boolean localRsync) {
        this.ssh = ssh;
        this.runner = runner;
        this.filesDir = remoteDir + "/files";
        this.localRsync = localRsync;
    }

    /** Copies to {@code box} those of {@code files} it lacks (or has with another checksum). */
    Shipped ship(HostsFile.Place box, List<Path> files) throws TopologyException {
        Map<Path, String> remote = new LinkedHashMap<>();
        Map<String, Path> byName = new LinkedHashMap<>();
        for (Path file : files) {
            String name = file.getFileName().toString();
            Path other = byName.putIfAbsent(name, file);
            if (other != null && !other.equals(file)) {
                throw new TopologyException(
                        box.target() + ": cannot ship both " + other + " and " + file + ": they have the same name");
            }
            remote.put(file, filesDir + "/" + name);
        }
        if (byName.isEmpty()) {
            return new Shipped(remote, box.target() + ": no files to ship");
        }
        String report = run(
                ssh.ssh(box, RemoteScripts.invocation(RemoteScripts.SHIP_CHECK, withDir(byName.keySet()))),
                box,
                "cannot look at " + filesDir);
        boolean remoteRsync = false;
        Map<String, String> there = new HashMap<>();
        for (String line : report.split("\\R")) {
            String[] parts = line.strip().split("\\s+");
            if (parts.length == 2 && parts[0].equals("rsync") && parts[1].equals("yes")) {
                remoteRsync = true;
            } else if (parts.length == 3 && parts[0].equals("sum")) {
                there.put(parts[2], parts[1]);
            }
        }
        boolean rsync = localRsync && remoteRsync;
        List<String> copied = new ArrayList<>();
        long bytes = 0;
        for (Map.Entry<String, Path> entry : byName.entrySet()) {
            Path file = entry.getValue();
            if (sha256(file).equals(there.get(entry.getKey()))) {
                continue;
            }
            String target = filesDir + "/" + entry.getKey();
            run(rsync ? rsyncCommand(box, file, target) : catCommand(box, file, target), box, "cannot copy " + file);
            copied.add(entry.getKey());
            try {
                bytes += Files.size(file);
            } catch (IOException e) {
                // the size is for the line only
            }
        }
        int skipped = byName.size() - copied.size();
        String line = copied.isEmpty()
                ? box.target() + ": the " + byName.size() + " kit file(s) in " + filesDir + " are already there"
                        + " (same sha256): nothing copied"
                : box.target() + ": copied " + String.join(", ", copied) + " (" + (bytes + 524_287) / 1_048_576
                        + " MB) to " + filesDir + " with "
                        + (rsync ? "rsync over ssh" : "ssh cat (" + whyNoRsync(remoteRsync) + ")")
                        + (skipped > 0 ? "; " + skipped + " already there (same sha256)" : "");
        return new Shipped(remote, line);
    }

    private String whyNoRsync(boolean remoteRsync) {
        return !localRsync ? "no rsync on this machine" : !remoteRsync ? "no rsync on the box" : "";
    }

    private List<String> withDir(Iterable<String> names) {
        List<String> args = new ArrayList<>(List.of(filesDir));
        names.forEach(args::add);
        return args;
    }

    /** {@code rsync -e "ssh -F ... -p N" FILE dest:TARGET}; rsync writes to a temporary file and renames it. */
    List<String> rsyncCommand(HostsFile.Place box, Path file, String target) {
        String host = box.host().contains(":") ? "[" + box.host() + "]" : box.host();
        String dest = (box.user() == null ? "" : box.user() + "@") + host + ":" + target;
        return List.of("rsync", "-e", ssh.rsyncTransport(box), "--times", file.toString(), dest);
    }

    /** The file as the stdin of {@code ssh ... ship-receive.sh TARGET}, through a local {@code sh} redirect. */
    List<String> catCommand(HostsFile.Place box, Path file, String target) {
        List<String> command =
                new ArrayList<>(List.of("sh", "-c", "f=$1; shift; exec \"$@\" < \"$f\"", "pb", file.toString()));
        command.addAll(ssh.ssh(box, RemoteScripts.invocation(RemoteScripts.SHIP_RECEIVE, List.of(target))));
        return command;
    }

    /**
     * Copies {@code file}, written here, to the same path on {@code box} (its directory made there
     * first): a front end's rendered config, which its command on the box reads.
     */
    void put(HostsFile.Place box, Path file) throws TopologyException {
        Path absolute = file.toAbsolutePath();
        run(catCommand(box, absolute, absolute.toString()), box, "cannot copy " + file);
    }

    /**
     * Copies {@code file} from {@code box} (where a remote generator wrote it) to the same path here:
     * {@code ssh ... cat FILE} into a temporary file, renamed once complete. False when the box has no such file.
     */
    boolean fetch(HostsFile.Place box, Path file) throws TopologyException {
        Path part = file.resolveSibling(file.getFileName() + ".part");
        List<String> command =
                new ArrayList<>(List.of("sh", "-c", "f=$1; shift; exec \"$@\" > \"$f\"", "pb", part.toString()));
        command.addAll(ssh.ssh(box, SshCommands.shellCommand(List.of("cat", file.toString()))));
        try {
            CommandRunner.Result result = runner.run(command);
            if (!result.ok() || !Files.isRegularFile(part)) {
                Files.deleteIfExists(part);
                return false;
            }
            Files.move(part, file, StandardCopyOption.REPLACE_EXISTING);
            return true;
        } catch (IOException e) {
            throw new TopologyException(box.target() + ": cannot fetch " + file + ": " + e.getMessage(), e);
        }
    }

    private String run(List<String> command, HostsFile.Place box, String what) throws TopologyException {
        return BoxCommand.output(runner, command, box, what);
    }

    /** The file's SHA-256 in hex, computed once per run. */
    synchronized String sha256(Path file) throws TopologyException {
        String known = sums.get(file);
        if (known != null) {
            return known;
        }
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            byte[] buffer = new byte[1 << 16];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                digest.update(buffer, 0, n);
            }
            String sum = HexFormat.of().formatHex(digest.digest());
            sums.put(file, sum);
            return sum;
        } catch (IOException e) {
            throw new TopologyException("cannot read " + file + " to ship it: " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
