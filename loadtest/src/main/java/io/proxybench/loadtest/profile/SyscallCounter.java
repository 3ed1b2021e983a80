package io.proxybench.loadtest.profile;

import io.proxybench.loadtest.process.CommandRunner;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.results.SyscallCounts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Counts the system calls of running processes with {@code perf stat} on the kernel's syscall
 * tracepoints: every call ({@code raw_syscalls:sys_enter}) and, by name, those a proxy makes per
 * request or per connection. Counting, not sampling: each call costs the kernel a counter update,
 * a small addition to the step's CPU figures. perf follows the threads that exist when it starts,
 * which for a warm front end is all of them.
 */
public final class SyscallCounter {

    /** What a proxy's requests and connections are made of, and what a JVM adds; others only count in the total. */
    static final List<String> CALLS = List.of(
            "read",
            "write",
            "readv",
            "writev",
            "recvfrom",
            "sendto",
            "recvmsg",
            "sendmsg",
            "sendfile64",
            "splice",
            "epoll_wait",
            "epoll_pwait",
            "epoll_pwait2",
            "epoll_ctl",
            "io_uring_enter",
            "accept",
            "accept4",
            "connect",
            "close",
            "shutdown",
            "setsockopt",
            "getsockopt",
            "getsockname",
            "getpeername",
            "futex",
            "sched_yield",
            "nanosleep",
            "clock_nanosleep",
            "mmap",
            "munmap",
            "mprotect",
            "madvise");

    private static final String ALL_EVENT = "raw_syscalls:sys_enter";
    private static final String NAMED_EVENT = "syscalls:sys_enter_";
    /** perf has attached to every thread well within this; counting from before the load starts. */
    private static final Duration ATTACH = Duration.ofMillis(500);

    private static final CommandRunner RUN = CommandRunner.processes(Duration.ofSeconds(20));

    private final Path perf;
    private final List<String> calls;

    private SyscallCounter(Path perf, List<String> calls) {
        this.perf = perf;
        this.calls = calls;
    }

    /**
     * perf, if it can count this kernel's syscall tracepoints here, with the named calls the kernel
     * has (an older kernel lacks {@code epoll_pwait2}).
     *
     * @throws ProfilerException with the reason in one line when it cannot
     */
    public static SyscallCounter find() throws ProfilerException {
        Path perf = Executables.find("perf")
                .orElseThrow(() -> new ProfilerException("no perf on the PATH (Debian: apt-get install linux-perf)"));
        try {
            CommandRunner.Result trial =
                    RUN.run(List.of(perf.toString(), "stat", "-x", ",", "-e", ALL_EVENT, "--", "true"));
            if (!trial.ok()) {
                throw new ProfilerException("perf cannot count " + ALL_EVENT + " here (" + trial.oneLine()
                        + "; as root, or with kernel.perf_event_paranoid at most 1)");
            }
            CommandRunner.Result list = RUN.run(List.of(perf.toString(), "list", "tracepoint"));
            Set<String> have = list.output()
                    .lines()
                    .map(String::strip)
                    .map(l -> l.split("\\s+")[0])
                    .filter(e -> e.startsWith(NAMED_EVENT))
                    .map(e -> e.substring(NAMED_EVENT.length()))
                    .collect(Collectors.toSet());
            return new SyscallCounter(
                    perf, CALLS.stream().filter(have::contains).toList());
        } catch (IOException e) {
            throw new ProfilerException("perf did not run: " + e.getMessage());
        }
    }

    /** The named calls this kernel lets perf count. */
    public List<String> calls() {
        return calls;
    }

    /**
     * Starts counting the calls of {@code pids} (every thread of each) into {@code output}. perf ends
     * by itself when the processes it counts do, so a kit stopped mid-step leaves none behind once
     * its front end is stopped.
     */
    public Counting start(List<Long> pids, Path output) throws ProfilerException {
        List<String> command = new ArrayList<>(List.of(
                perf.toString(),
                "stat",
                "-x",
                ",",
                "-o",
                output.toString(),
                "-e",
                events(),
                "-p",
                pids.stream().map(String::valueOf).collect(Collectors.joining(","))));
        try {
            Files.deleteIfExists(output);
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            Thread.sleep(ATTACH.toMillis());
            if (!process.isAlive()) {
                throw new ProfilerException("perf stat ended at once (exit " + process.exitValue() + ")");
            }
            return new Counting(process, output);
        } catch (IOException e) {
            throw new ProfilerException("perf stat did not start: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProfilerException("interrupted while perf stat attached");
        }
    }

    private String events() {
        List<String> events = new ArrayList<>(List.of(ALL_EVENT));
        calls.forEach(c -> events.add(NAMED_EVENT + c));
        return String.join(",", events);
    }

    /** A count in progress. */
    public final class Counting {
        private final Process process;
        private final Path output;

        private Counting(Process process, Path output) {
            this.process = process;
            this.output = output;
        }

        /**
         * Ends the count (perf writes its totals on SIGINT) and reads it: {@code all} first, then
         * each named call.
         */
        public Map<String, Long> stop() throws ProfilerException {
            try {
                RUN.run(List.of("kill", "-INT", Long.toString(process.pid())));
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new ProfilerException("perf stat did not end on SIGINT");
                }
                return parse(Files.readString(output, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new ProfilerException("no perf stat output: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
                throw new ProfilerException("interrupted while perf stat wrote its counts");
            }
        }
    }

    /**
     * perf stat's {@code -x ,} lines ({@code count,unit,event,...}) as call to count; an event perf
     * could not count ({@code <not counted>}, {@code <not supported>}) is left out.
     *
     * @throws ProfilerException when the total is not among them
     */
    static Map<String, Long> parse(String perfOutput) throws ProfilerException {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String line : perfOutput.lines().toList()) {
            String[] f = line.split(",", -1);
            if (line.startsWith("#") || f.length < 3 || !f[0].strip().matches("\\d+")) {
                continue;
            }
            String event = f[2].strip();
            long count = Long.parseLong(f[0].strip());
            if (event.equals(ALL_EVENT)) {
                counts.put(SyscallCounts.ALL, count);
            } else if (event.startsWith(NAMED_EVENT)) {
                counts.put(event.substring(NAMED_EVENT.length()).toLowerCase(Locale.ROOT), count);
            }
        }
        if (!counts.containsKey(SyscallCounts.ALL)) {
            throw new ProfilerException("perf stat counted no " + ALL_EVENT);
        }
        Map<String, Long> ordered = new LinkedHashMap<>();
        ordered.put(SyscallCounts.ALL, counts.remove(SyscallCounts.ALL));
        ordered.putAll(counts);
        return ordered;
    }
}
