package io.proxybench.loadtest.history;

import io.proxybench.loadtest.changepoint.ChangePointDetector;
import io.proxybench.loadtest.results.RunResults;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A group of comparable runs with its series: what {@code history} prints and draws for one group.
 *
 * @param number the group's number, from 1, in the order of its oldest run
 */
public record GroupHistory(int number, RunGroup group, List<HistorySeries> series) {

    public GroupHistory {
        series = List.copyOf(series);
    }

    /** The groups of {@code runs}, each with its series and their change points. */
    public static List<GroupHistory> of(List<RunResults> runs, ChangePointDetector detector) {
        List<RunGroup> groups = RunGroup.of(runs);
        return IntStream.range(0, groups.size())
                .mapToObj(i -> new GroupHistory(i + 1, groups.get(i), HistorySeries.of(groups.get(i), detector)))
                .toList();
    }

    /** Whether the group has a trend to show: at least two runs. */
    public boolean trend() {
        return group.runs().size() > 1;
    }

    /** How many change points its series hold, all figures together. */
    public int changeCount() {
        return series.stream()
                .mapToInt(
                        s -> s.changes().values().stream().mapToInt(List::size).sum())
                .sum();
    }
}
