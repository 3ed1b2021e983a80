package io.proxybench.loadtest.topology.ssh;

import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.topology.TopologyException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Runs {@code check-box.sh} on each box with what its roles need there — the programs they start
 * (Java as the place's {@code java} names it), the files they read (where they were shipped) — and
 * judges the reports with {@link BoxCheck}: a line per problem, the run refused on a blocking one.
 */
final class BoxChecks {

    /** What was found: the problems' lines in box order, the blocking ones among them, and each box's online cores. */
    record Found(List<String> lines, List<String> blocking, Map<String, Integer> cores) {}

    private BoxChecks() {}

    /**
     * @param pathOn where a kit file is on a box (its shipped copy)
     * @throws TopologyException when a box cannot be checked
     */
    static Found check(
            HostsFile hosts,
            BoxNeeds needs,
            SshCommands ssh,
            CommandRunner runner,
            List<HostsFile.Place> boxes,
            BiFunction<HostsFile.Place, Path, String> pathOn)
            throws TopologyException {
        List<String> lines = new ArrayList<>();
        List<String> blocking = new ArrayList<>();
        Map<String, Integer> cores = new LinkedHashMap<>();
        for (HostsFile.Place box : boxes) {
            List<String> command =
                    ssh.ssh(box, RemoteScripts.invocation(RemoteScripts.CHECK_BOX, args(hosts, needs, box, pathOn)));
            long before = System.currentTimeMillis() * 1_000_000L;
            CommandRunner.Result result;
            try {
                result = runner.run(command);
            } catch (IOException e) {
                throw new TopologyException(box.target() + ": cannot check the box: " + e.getMessage(), e);
            }
            long after = System.currentTimeMillis() * 1_000_000L;
            if (!result.ok()) {
                throw new TopologyException(box.target() + ": cannot check the box: " + result.oneLine());
            }
            BoxCheck.cores(result.output()).ifPresent(n -> cores.put(box.target(), n));
            for (BoxCheck.Problem problem :
                    BoxCheck.judge(box.target(), result.output(), needs.connections(), before, after)) {
                lines.add(problem.line());
                if (problem.blocking()) {
                    blocking.add(problem.line());
                }
            }
        }
        return new Found(lines, blocking, cores);
    }

    /**
     * The script's arguments for one box: {@code j:JAVA} for the Java its roles start, {@code x:PATH}
     * for their other programs, {@code r:PATH} for the files they read.
     */
    static List<String> args(
            HostsFile hosts, BoxNeeds needs, HostsFile.Place box, BiFunction<HostsFile.Place, Path, String> pathOn) {
        List<String> args = new ArrayList<>();
        for (HostsFile.Place place : hosts.allPlaces()) {
            if (!place.local() && place.target().equals(box.target())) {
                for (Path program : needs.executables().getOrDefault(place.role(), List.of())) {
                    args.add(BoxJava.isJava(program) ? "j:" + place.java() : "x:" + program);
                }
                needs.files().getOrDefault(place.role(), List.of()).forEach(p -> args.add("r:" + pathOn.apply(box, p)));
            }
        }
        return args.stream().distinct().toList();
    }
}
