package io.proxybench.origin;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Collects Netty's leak reports (logged at ERROR by its leak detector) so that tests can fail on them. */
public final class LeakReportCollector extends AppenderBase<ILoggingEvent> {

    private static final ConcurrentLinkedQueue<String> REPORTS = new ConcurrentLinkedQueue<>();

    @Override
    protected void append(ILoggingEvent event) {
        if (event.getLevel().isGreaterOrEqual(Level.ERROR)
                && event.getFormattedMessage().contains("LEAK")) {
            REPORTS.add(event.getFormattedMessage());
        }
    }

    static List<String> drain() {
        List<String> out = new ArrayList<>();
        String report;
        while ((report = REPORTS.poll()) != null) {
            out.add(report);
        }
        return out;
    }
}
