package io.proxybench.core.conformance.guard;

import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fails a test class when Netty reported an exception that no handler dealt with: a task on an
 * event loop that threw, a promise listener that threw, an exception that reached the tail of a
 * pipeline, a channel that failed to initialise. Netty only logs these (at WARN) and carries on, so
 * without this guard such a bug — say, a release step that throws halfway — passes every case.
 *
 * <p>Reads them from Logback; with another SLF4J binding the guard warns that it cannot see and passes.
 */
public final class EventLoopErrorGuard implements BeforeAllCallback, AfterAllCallback {

    /** Where Netty logs exceptions that escaped the code it ran. */
    static final List<String> WATCHED_LOGGERS = List.of(
            "io.netty.util.concurrent.AbstractEventExecutor",
            "io.netty.util.concurrent.SingleThreadEventExecutor",
            "io.netty.util.concurrent.DefaultPromise",
            "io.netty.channel.DefaultChannelPipeline",
            "io.netty.channel.ChannelInitializer");

    private static final Logger log = LoggerFactory.getLogger(EventLoopErrorGuard.class);
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(EventLoopErrorGuard.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        if (!LogbackTap.available()) {
            log.warn(
                    "{} cannot watch Netty's unhandled exceptions: SLF4J is not bound to Logback",
                    context.getDisplayName());
            return;
        }
        context.getStore(NS).put("tap", LogbackTap.attach(WATCHED_LOGGERS));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        LogbackTap tap = context.getStore(NS).remove("tap", LogbackTap.class);
        if (tap == null) {
            return;
        }
        tap.detach();
        List<String> events = tap.events();
        if (!events.isEmpty()) {
            throw new AssertionError(events.size() + " unhandled exception(s) reported by Netty while "
                    + context.getDisplayName() + " ran (front end or stub origin):\n" + String.join("\n\n", events));
        }
    }
}
