package io.proxybench.core.conformance.guard;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.StackTraceElementProxy;
import ch.qos.logback.core.AppenderBase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.LoggerFactory;

/**
 * Listens to named loggers for WARN and above while attached. Only this class touches Logback's
 * API, so the guards still load when another SLF4J binding is in use (they then say they are blind).
 */
final class LogbackTap extends AppenderBase<ILoggingEvent> {

    private static final int FRAMES = 6;

    private final ConcurrentLinkedQueue<String> events = new ConcurrentLinkedQueue<>();
    private final List<Logger> attachedTo = new ArrayList<>();

    static boolean available() {
        return LoggerFactory.getILoggerFactory().getClass().getName().startsWith("ch.qos.logback.");
    }

    static LogbackTap attach(List<String> loggerNames) {
        LogbackTap tap = new LogbackTap();
        tap.setName("conformance-guard");
        tap.setContext((ch.qos.logback.core.Context) LoggerFactory.getILoggerFactory());
        tap.start();
        for (String name : loggerNames) {
            Logger logger = (Logger) LoggerFactory.getLogger(name);
            if (!logger.isWarnEnabled()) {
                // A quieter test logging config must not blind the guard.
                logger.setLevel(Level.WARN);
            }
            logger.addAppender(tap);
            tap.attachedTo.add(logger);
        }
        return tap;
    }

    void detach() {
        for (Logger logger : attachedTo) {
            logger.detachAppender(this);
        }
        stop();
    }

    List<String> events() {
        return List.copyOf(events);
    }

    @Override
    protected void append(ILoggingEvent event) {
        if (!event.getLevel().isGreaterOrEqual(Level.WARN)) {
            return;
        }
        StringBuilder sb = new StringBuilder()
                .append(event.getLevel())
                .append(" [")
                .append(event.getThreadName())
                .append("] ")
                .append(event.getLoggerName())
                .append(": ")
                .append(event.getFormattedMessage());
        for (IThrowableProxy t = event.getThrowableProxy(); t != null; t = t.getCause()) {
            sb.append("\n  ").append(t.getClassName()).append(": ").append(t.getMessage());
            StackTraceElementProxy[] frames = t.getStackTraceElementProxyArray();
            for (int i = 0; i < Math.min(FRAMES, frames.length); i++) {
                sb.append("\n    at ").append(frames[i].getStackTraceElement());
            }
        }
        events.add(sb.toString());
    }
}
