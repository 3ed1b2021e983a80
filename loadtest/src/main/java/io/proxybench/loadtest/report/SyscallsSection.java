package io.proxybench.loadtest.report;

import io.proxybench.loadtest.results.ResultsFormatException;
import io.proxybench.loadtest.results.RunFiles;
import io.proxybench.loadtest.results.RunResults;
import io.proxybench.loadtest.results.SyscallCounts;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * report.md's "System calls per request" section, for a run made with {@code --profile syscalls}:
 * per step, each front end's calls per request, every call first and then those the kit counts by
 * name. Where two front ends spend differently in the kernel, this says in which calls: one more
 * {@code getsockname} per connection, a wake-up written to an eventfd, an epoll round per request.
 */
public final class SyscallsSection {

    private static final Logger LOG = LoggerFactory.getLogger(SyscallsSection.class);
    /** Calls rarer than this per request are left out of the tables (they are in the files). */
    static final double SHOWN_FROM = 0.01;

    private SyscallsSection() {}

    /** The section with its heading, or the empty string when the run counted no system calls. */
    public static String render(RunResults results) {
        List<SyscallCounts> all;
        try {
            all = SyscallCounts.under(results.dir().resolve(RunFiles.RAW));
        } catch (ResultsFormatException e) {
            LOG.warn("system call counts left out of the report: {}", e.getMessage());
            return "";
        }
        if (all.isEmpty()) {
            return "";
        }
        List<String> frontEnds = results.frontEndLabels().stream()
                .filter(label -> all.stream().anyMatch(c -> c.frontEnd().equals(label)))
                .toList();
        StringBuilder md = new StringBuilder("## System calls per request\n\n");
        md.append("Counted by perf during each step's load (`--profile syscalls`) over the front end's whole"
                        + " process tree, divided by the step's requests; with repeats, every repeat's calls over all"
                        + " their requests. `all` is every call, named or not; named calls under ")
                .append(SHOWN_FROM)
                .append(" a request are left out (`raw/<front end>/syscalls-<step>.json` has them). Counting costs"
                        + " the kernel a little per call, which the step's CPU figures include.\n\n");
        Map<Integer, List<SyscallCounts>> bySteps = new TreeMap<>();
        all.forEach(c ->
                bySteps.computeIfAbsent(c.connections(), k -> new ArrayList<>()).add(c));
        bySteps.forEach((step, counts) -> md.append("### ")
                .append(results.run().unit().describe(step))
                .append("\n\n")
                .append(table(frontEnds, counts))
                .append('\n'));
        return md.toString();
    }

    private static String table(List<String> frontEnds, List<SyscallCounts> counts) {
        List<String> columns = frontEnds.stream()
                .filter(f -> counts.stream().anyMatch(c -> c.frontEnd().equals(f)))
                .toList();
        Set<String> calls = new LinkedHashSet<>();
        counts.forEach(c -> calls.addAll(c.calls().keySet()));
        List<List<String>> rows = new ArrayList<>();
        for (String call : calls) {
            List<String> row = new ArrayList<>(List.of(call));
            boolean shown = call.equals(SyscallCounts.ALL);
            for (String frontEnd : columns) {
                Double perRequest = perRequest(counts, frontEnd, call);
                shown |= perRequest != null && perRequest >= SHOWN_FROM;
                row.add(FigureFormat.decimals(perRequest, 2));
            }
            if (shown) {
                rows.add(row);
            }
        }
        List<String> headers = new ArrayList<>(List.of("call"));
        headers.addAll(columns);
        List<Boolean> numeric = new ArrayList<>(List.of(false));
        columns.forEach(c -> numeric.add(true));
        return MarkdownTable.render(headers, numeric, rows);
    }

    /** All repeats' calls over all their requests; null when none of them counted the call. */
    static Double perRequest(List<SyscallCounts> counts, String frontEnd, String call) {
        long calls = 0;
        long requests = 0;
        boolean any = false;
        for (SyscallCounts c : counts) {
            Long n = c.calls().get(call);
            if (c.frontEnd().equals(frontEnd) && n != null) {
                calls += n;
                requests += c.requests();
                any = true;
            }
        }
        return !any || requests <= 0 ? null : (double) calls / requests;
    }
}
