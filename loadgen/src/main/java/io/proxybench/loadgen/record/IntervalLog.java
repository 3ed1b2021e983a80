package io.proxybench.loadgen.record;

import java.io.FileNotFoundException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A step's latencies, one interval histogram per {@link #collect()} (the step calls it every second),
 * written to an HdrHistogram log when a file is given, and summed into the step's whole distribution.
 * Values are microseconds. Used by one thread.
 */
public final class IntervalLog implements AutoCloseable {

    private final List<LoopRecorder> loops;
    private final HistogramLogWriter writer;
    private final Histogram interval = newHistogram();
    private final Histogram total = newHistogram();
    private long intervalStartMs;

    /**
     * @param file    the {@code .hlog} to write, or null to keep the figures in memory only
     * @param comment one line written at the top of the log
     */
    public IntervalLog(List<LoopRecorder> loops, Path file, long startEpochMs, String comment) {
        this.loops = List.copyOf(loops);
        this.intervalStartMs = startEpochMs;
        // whatever the loops recorded before the step started is not the step's
        for (LoopRecorder loop : this.loops) {
            loop.drainInto(interval);
        }
        interval.reset();
        if (file == null) {
            writer = null;
            return;
        }
        try {
            writer = new HistogramLogWriter(file.toFile());
        } catch (FileNotFoundException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        writer.outputComment(comment);
        writer.outputComment("values in microseconds");
        writer.outputLogFormatVersion();
        writer.outputStartTime(startEpochMs);
        writer.setBaseTime(startEpochMs);
        writer.outputLegend();
    }

    public static Histogram newHistogram() {
        return new Histogram(1, LoopRecorder.HIGHEST_US, LoopRecorder.DIGITS);
    }

    /** Ends the current interval now: logs it and adds it to the step's total. */
    public void collect() {
        long nowMs = System.currentTimeMillis();
        interval.reset();
        for (LoopRecorder loop : loops) {
            loop.drainInto(interval);
        }
        interval.setStartTimeStamp(intervalStartMs);
        interval.setEndTimeStamp(nowMs);
        intervalStartMs = nowMs;
        if (writer != null) {
            writer.outputIntervalHistogram(interval);
        }
        total.add(interval);
    }

    /** Every latency of the step so far. */
    public Histogram total() {
        return total;
    }

    @Override
    public void close() {
        if (writer != null) {
            writer.close();
        }
    }
}
