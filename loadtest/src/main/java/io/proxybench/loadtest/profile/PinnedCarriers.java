package io.proxybench.loadtest.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * The {@code jdk.VirtualThreadPinned} events of one recording: how many, their durations added up,
 * and the stack that pinned longest in all. A pin is one event: a virtual thread that parked while it
 * could not leave its carrier, for as long as it stayed parked so. Read with the JDK's own
 * {@link RecordingFile}, which reads recordings of newer JDKs too (Java 25's, read on 17).
 *
 * @param count    pins in the window
 * @param total    their durations added up
 * @param topStack the frames of the stack with the longest pinned time in all, innermost first; empty
 *                 without pins or when the events carried no stack
 * @param topCount that stack's pins
 * @param topTotal that stack's pinned time
 */
public record PinnedCarriers(long count, Duration total, List<String> topStack, long topCount, Duration topTotal) {

    /** The event Flight Recorder writes for a pin (Java 21+). */
    public static final String EVENT = "jdk.VirtualThreadPinned";

    /** What the recording needs: every pin, however short, with its stack. */
    public static final List<String> EVENT_SETTINGS =
            List.of(EVENT + "#enabled=true", EVENT + "#threshold=0ms", EVENT + "#stackTrace=true");

    /** The pins that began within {@code [from, to]} in {@code recording}. */
    public static PinnedCarriers read(Path recording, Instant from, Instant to) throws IOException {
        long count = 0;
        Duration total = Duration.ZERO;
        Map<List<String>, long[]> byStack = new HashMap<>();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                if (!event.getEventType().getName().equals(EVENT)
                        || event.getStartTime().isBefore(from)
                        || event.getStartTime().isAfter(to)) {
                    continue;
                }
                count++;
                total = total.plus(event.getDuration());
                long[] stackFigures = byStack.computeIfAbsent(frames(event.getStackTrace()), k -> new long[2]);
                stackFigures[0]++;
                stackFigures[1] += event.getDuration().toNanos();
            }
        }
        Map.Entry<List<String>, long[]> top = byStack.entrySet().stream()
                .max((a, b) -> Long.compare(a.getValue()[1], b.getValue()[1]))
                .orElse(null);
        return top == null
                ? new PinnedCarriers(count, total, List.of(), 0, Duration.ZERO)
                : new PinnedCarriers(
                        count, total, top.getKey(), top.getValue()[0], Duration.ofNanos(top.getValue()[1]));
    }

    private static List<String> frames(RecordedStackTrace stack) {
        if (stack == null) {
            return List.of();
        }
        return stack.getFrames().stream().map(PinnedCarriers::frame).collect(Collectors.toList());
    }

    private static String frame(RecordedFrame frame) {
        String method =
                frame.getMethod().getType().getName() + "." + frame.getMethod().getName();
        return frame.getLineNumber() > 0 ? method + ":" + frame.getLineNumber() : method;
    }

    public double totalMs() {
        return total.toNanos() / 1e6;
    }

    /** The text of the raw file: the step's figures, then the longest-pinning stack. */
    public String describe(String title) {
        StringBuilder text = new StringBuilder();
        text.append(title).append(": ").append(count).append(" pins, ");
        text.append(String.format(Locale.ROOT, "%.3f ms", totalMs())).append(" pinned in all\n");
        if (!topStack.isEmpty()) {
            text.append(String.format(
                    Locale.ROOT,
                    "the stack that pinned longest: %d pins, %.3f ms%n",
                    topCount,
                    topTotal.toNanos() / 1e6));
            topStack.forEach(f -> text.append("    at ").append(f).append('\n'));
        }
        return text.toString();
    }
}
