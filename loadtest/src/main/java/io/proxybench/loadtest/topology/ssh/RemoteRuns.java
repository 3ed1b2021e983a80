package io.proxybench.loadtest.topology.ssh;

import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.topology.TopologyException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The kit's run state on a box, {@code <remote.dir>/runs/<run id>/}: a {@code kit} file naming the
 * kit's machine and process, and the {@code pids} of the processes the run started there. A run whose
 * kit process is gone (killed with {@code kill -9}, say) is a leftover: its processes are stopped and
 * its state removed by the next run or by {@code proxybench cleanup}.
 */
final class RemoteRuns {

    /** One run with state on a box. */
    record RunState(String runId, String kitHost, long kitPid) {}

    private final SshCommands ssh;
    private final CommandRunner runner;
    private final String remoteDir;

    RemoteRuns(SshCommands ssh, CommandRunner runner, String remoteDir) {
        this.ssh = ssh;
        this.runner = runner;
        this.remoteDir = remoteDir;
    }

    /** The directory of one run's state on the box. */
    String runDir(String runId) {
        return remoteDir + "/runs/" + runId;
    }

    /** Creates the run's state on the box, naming this kit process as its owner. */
    void register(HostsFile.Place box, String runId) throws TopologyException {
        String dir = runDir(runId);
        String script = "mkdir -p \"$1\" && printf '%s %s\\n' \"$2\" \"$3\" > \"$1/kit\"";
        run(
                box,
                RemoteScripts.invocation(
                        script,
                        List.of(
                                dir,
                                kitHost(),
                                Long.toString(ProcessHandle.current().pid()))),
                "cannot create " + dir);
    }

    List<RunState> list(HostsFile.Place box) throws TopologyException {
        String output = run(
                box,
                RemoteScripts.invocation(RemoteScripts.LIST_RUNS, List.of(remoteDir)),
                "cannot list the kit's runs in " + remoteDir);
        List<RunState> runs = new ArrayList<>();
        for (String line : output.split("\\R")) {
            String[] parts = line.strip().split("\\s+");
            if (parts.length == 3 && parts[0].matches("[0-9a-f]{6}") && parts[2].matches("\\d{1,10}")) {
                runs.add(new RunState(parts[0], parts[1], Long.parseLong(parts[2])));
            }
        }
        return runs;
    }

    /** Runs on the box whose kit, on this machine, no longer runs. Runs of other machines' kits are left alone. */
    List<RunState> leftovers(HostsFile.Place box) throws TopologyException {
        String here = kitHost();
        return list(box).stream()
                .filter(r -> r.kitHost().equals(here))
                .filter(r -> ProcessHandle.of(r.kitPid()).map(p -> !p.isAlive()).orElse(true))
                .toList();
    }

    /** Stops the runs' processes (TERM, then KILL after 5 s) and removes their state; the script's report lines. */
    List<String> stop(HostsFile.Place box, List<String> runIds) throws TopologyException {
        if (runIds.isEmpty()) {
            return List.of();
        }
        List<String> args = new ArrayList<>(List.of(remoteDir));
        args.addAll(runIds);
        String output = run(box, RemoteScripts.invocation(RemoteScripts.STOP_RUNS, args), "cannot stop runs " + runIds);
        return output.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    private String run(HostsFile.Place box, String remoteCommand, String what) throws TopologyException {
        return BoxCommand.output(runner, ssh.ssh(box, remoteCommand), box, what);
    }

    /** The kit machine's name, as the kernel has it (the same in every run, unlike a resolver's answer). */
    static String kitHost() {
        try {
            String name = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
            if (name.matches("[A-Za-z0-9._-]+")) {
                return name;
            }
        } catch (IOException e) {
            // not Linux: ask the resolver
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
