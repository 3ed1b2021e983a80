package io.proxybench.loadtest.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The steps of a run grouped by (front end, step), each group holding that pair's repeats in run order
 * ({@code run --repeat N}), and what a group sums up to: the median of each figure over the repeats
 * that did not fail, and the spread of those repeats.
 *
 * <p>The median rather than the mean because one disturbed repeat (a neighbour's burst, a late JIT)
 * moves a mean by a third of its error with three repeats, and a median not at all. The spread is the
 * repeats' full range, (max − min) ÷ median: with few repeats a standard deviation is itself too noisy
 * to be worth its name, while the range says plainly how far apart the repeats were.
 */
public final class RepeatGroups {

    private RepeatGroups() {}

    /** One (front end, step) with its repeats, in run order. */
    public record Group(String frontEnd, int connections, List<StepRecord> repeats) {

        public Group {
            repeats = List.copyOf(repeats);
        }

        /** The repeats that produced figures. */
        public List<StepRecord> ok() {
            return repeats.stream().filter(StepRecord::ok).toList();
        }

        /** The figure of every repeat that measured it, in run order. */
        public List<Double> values(Function<StepRecord, Double> figure) {
            List<Double> out = new ArrayList<>();
            for (StepRecord r : ok()) {
                Double v = figure.apply(r);
                if (v != null && Double.isFinite(v)) {
                    out.add(v);
                }
            }
            return out;
        }

        /**
         * (max − min) ÷ |median| × 100 of the figure over the repeats; null with fewer than two values or
         * a zero median.
         */
        public Double spreadPct(Function<StepRecord, Double> figure) {
            return RepeatGroups.spreadPct(values(figure));
        }

        /**
         * The flags the repeats with figures raised, each with the repeats it fell on ({@code
         * "cpu-stolen in repeats 1 and 2, jit-busy in repeat 1"}); a step that ran once gives its flags
         * alone. Empty when none was flagged. A figure divided or compared across steps carries this
         * text, since one flagged repeat is enough to move it.
         */
        public String flagsText() {
            Map<String, List<Integer>> byFlag = new LinkedHashMap<>();
            for (StepRecord r : ok()) {
                for (String flag : r.flags()) {
                    List<Integer> where = byFlag.computeIfAbsent(flag, f -> new ArrayList<>());
                    if (r.repeat() != null && repeats.size() > 1) {
                        where.add(r.repeat());
                    }
                }
            }
            List<String> parts = new ArrayList<>();
            byFlag.forEach((flag, where) -> parts.add(where.isEmpty() ? flag : flag + " in " + repeatList(where)));
            return String.join(", ", parts);
        }

        private static String repeatList(List<Integer> where) {
            if (where.size() == 1) {
                return "repeat " + where.get(0);
            }
            List<String> numbers = where.stream().map(String::valueOf).toList();
            return "repeats " + String.join(", ", numbers.subList(0, numbers.size() - 1)) + " and "
                    + numbers.get(numbers.size() - 1);
        }

        /**
         * The group as one record: itself when it ran once; else every figure the median of the repeats
         * that measured it, the flags of any repeat, and a failed record only when every repeat failed.
         */
        public StepRecord summary() {
            if (repeats.size() == 1) {
                return repeats.get(0);
            }
            List<StepRecord> ok = ok();
            if (ok.isEmpty()) {
                StepRecord first = repeats.get(0);
                return StepRecord.failed(
                                frontEnd,
                                first.kind(),
                                connections,
                                first.startedAt(),
                                "all " + repeats.size() + " repeats failed: " + first.failure())
                        .withRepeat(null);
            }
            StepRecord median = medianOf(ok);
            Set<String> flags = new LinkedHashSet<>();
            repeats.forEach(r -> flags.addAll(r.flags()));
            long failed = repeats.size() - ok.size();
            if (failed > 0) {
                StepRecord firstFailed =
                        repeats.stream().filter(r -> !r.ok()).findFirst().orElseThrow();
                flags.add(failed + " of " + repeats.size() + " repeats failed: " + firstFailed.failure());
            }
            return new StepRecord(
                    median.frontEnd(),
                    median.kind(),
                    median.connections(),
                    StepRecord.OK,
                    null,
                    List.copyOf(flags),
                    ok.get(0).startedAt(),
                    median.durationSec(),
                    median.load(),
                    median.latency(),
                    median.errors(),
                    median.machine(),
                    median.processes(),
                    median.jvm(),
                    median.ceiling(),
                    median.originFaults(),
                    median.latencySpectrum(),
                    null,
                    median.latencyMerge(),
                    median.leadIn(),
                    median.pinning(),
                    median.locks(),
                    median.handshakes());
        }
    }

    /** True when some step of {@code steps} is a second or later repeat: the run was made with {@code --repeat}. */
    public static boolean repeated(List<StepRecord> steps) {
        return steps.stream().anyMatch(s -> s.repeat() != null && s.repeat() > 1);
    }

    /** How many repeats the run made: the largest repeat index, 1 for a run without repeats. */
    public static int repeats(List<StepRecord> steps) {
        return steps.stream()
                .map(StepRecord::repeat)
                .filter(Objects::nonNull)
                .mapToInt(Integer::intValue)
                .max()
                .orElse(1);
    }

    /**
     * The groups of a run in table order (by step, front ends in declared order). In a run without
     * repeats each group holds one record; a pair measured twice without repeat indexes (an older
     * kit) keeps only its last, as it always has.
     */
    public static List<Group> of(RunResults results) {
        boolean repeated = repeated(results.steps());
        Map<String, List<StepRecord>> byPair = new LinkedHashMap<>();
        for (StepRecord s : results.stepsInTableOrder()) {
            if (s.frontEnd() == null || s.connections() == null) {
                continue;
            }
            List<StepRecord> list =
                    byPair.computeIfAbsent(s.frontEnd() + "\u0000" + s.connections(), k -> new ArrayList<>());
            if (!repeated) {
                list.clear();
            }
            list.add(s);
        }
        List<Group> groups = new ArrayList<>();
        byPair.values()
                .forEach(l -> groups.add(new Group(l.get(0).frontEnd(), l.get(0).connections(), l)));
        return groups;
    }

    /** The group of one (front end, step), if the run has it. */
    public static Optional<Group> find(RunResults results, String frontEnd, int connections) {
        return of(results).stream()
                .filter(g -> g.frontEnd().equals(frontEnd) && g.connections() == connections)
                .findFirst();
    }

    /** The median of {@code values} (the mean of the middle two for an even count); null when empty. */
    public static Double median(List<Double> values) {
        if (values.isEmpty()) {
            return null;
        }
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }

    /** (max − min) ÷ |median| × 100; null with fewer than two values or a zero median. */
    public static Double spreadPct(List<Double> values) {
        Double median = median(values);
        if (values.size() < 2 || median == null || median == 0) {
            return null;
        }
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        return (max - min) / Math.abs(median) * 100;
    }

    /**
     * Every number of the records' file form replaced by its median over the records that have it:
     * done on the file form so that a figure added to the model later is summed up without a line here.
     */
    private static StepRecord medianOf(List<StepRecord> records) {
        List<ObjectNode> nodes = records.stream().map(FlatLayout::toJson).toList();
        ObjectNode out = nodes.get(0).deepCopy();
        medianInto(out, nodes);
        try {
            return FlatLayout.fromJson(out, StepRecord.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a median record does not read back: " + e.getOriginalMessage(), e);
        }
    }

    private static void medianInto(ObjectNode target, List<? extends JsonNode> sources) {
        for (Iterator<String> names = target.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            List<JsonNode> values = sources.stream()
                    .map(n -> n.get(name))
                    .filter(Objects::nonNull)
                    .filter(v -> !v.isNull())
                    .toList();
            if (values.isEmpty()) {
                continue;
            }
            if (values.stream().allMatch(JsonNode::isObject)) {
                ObjectNode merged = ((ObjectNode) values.get(0)).deepCopy();
                medianInto(merged, values);
                target.set(name, merged);
            } else if (values.stream().allMatch(JsonNode::isNumber)) {
                Double median =
                        median(values.stream().map(JsonNode::doubleValue).toList());
                if (values.stream().allMatch(JsonNode::isIntegralNumber)) {
                    target.put(name, Math.round(median));
                } else {
                    target.put(name, median);
                }
            }
        }
    }
}
