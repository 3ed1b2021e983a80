package io.proxybench.loadtest.results;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** Everything a results directory holds that reports and comparisons are made from. */
public record RunResults(Path dir, RunMetadata run, List<StepRecord> steps, List<Sample> samples) {

    public RunResults {
        steps = List.copyOf(steps);
        samples = List.copyOf(samples);
    }

    /**
     * Front-end labels in the order run.json declares them, followed by any label that only
     * appears in the steps or samples (an older or partial run.json must not hide data).
     */
    public List<String> frontEndLabels() {
        Set<String> labels = new LinkedHashSet<>();
        for (RunMetadata.FrontEndInfo fe : run.frontEnds()) {
            if (fe.label() != null) {
                labels.add(fe.label());
            }
        }
        for (StepRecord s : steps) {
            if (s.frontEnd() != null) {
                labels.add(s.frontEnd());
            }
        }
        for (Sample s : samples) {
            if (s.frontEnd() != null) {
                labels.add(s.frontEnd());
            }
        }
        return List.copyOf(labels);
    }

    /** Distinct connection counts of the steps, ascending. */
    public List<Integer> connectionCounts() {
        Set<Integer> counts = new TreeSet<>();
        for (StepRecord s : steps) {
            if (s.connections() != null) {
                counts.add(s.connections());
            }
        }
        return List.copyOf(counts);
    }

    /**
     * Steps ordered as the reference table reads: by connections, then front ends interleaved in
     * declaration order; a step repeated for the same pair keeps its run order.
     */
    public List<StepRecord> stepsInTableOrder() {
        List<String> labels = frontEndLabels();
        List<StepRecord> ordered = new ArrayList<>(steps);
        ordered.sort(
                Comparator.comparing((StepRecord s) -> s.connections() == null ? Integer.MAX_VALUE : s.connections())
                        .thenComparing(s -> s.frontEnd() == null ? Integer.MAX_VALUE : labels.indexOf(s.frontEnd())));
        return ordered;
    }

    /**
     * The last step recorded for this front end at this connection count; in a run with repeats, the
     * repeats' median ({@link RepeatGroups.Group#summary}), so that ratios and charts read as the table.
     */
    public Optional<StepRecord> step(String frontEnd, int connections) {
        if (RepeatGroups.repeated(steps)) {
            return RepeatGroups.find(this, frontEnd, connections).map(RepeatGroups.Group::summary);
        }
        StepRecord found = null;
        for (StepRecord s : steps) {
            if (frontEnd.equals(s.frontEnd()) && s.connections() != null && s.connections() == connections) {
                found = s;
            }
        }
        return Optional.ofNullable(found);
    }

    /** Samples taken while {@code frontEnd} was under test, in time order. */
    public List<Sample> samplesOf(String frontEnd) {
        List<Sample> out = new ArrayList<>();
        for (Sample s : samples) {
            if (frontEnd.equals(s.frontEnd())) {
                out.add(s);
            }
        }
        out.sort(Comparator.comparingLong(Sample::epochMs));
        return out;
    }

    /** Declared settings of a front end, if run.json has them. */
    public Optional<RunMetadata.FrontEndInfo> frontEnd(String label) {
        return run.frontEnds().stream().filter(fe -> label.equals(fe.label())).findFirst();
    }
}
