package io.proxybench.loadtest.frontend;

import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.process.ProcessStartException;
import java.nio.file.Path;

/** Starts one kind of front end in front of a running origin; health is checked by the caller. */
public interface FrontEndLauncher {

    /**
     * @param rawDir the front end's raw directory: logs, generated config, recordings
     */
    RunningServer start(FrontEndSpec spec, RunningServer origin, Path rawDir) throws ProcessStartException;

    /** The launcher for {@code spec}'s kind. */
    static FrontEndLauncher of(FrontEndSpec spec, LaunchContext context) {
        return switch (spec.kind()) {
            case NETTY, TOMCAT -> new JvmProxyLauncher(context);
            case NGINX, HAPROXY, EXTERNAL -> new ExternalFrontEndLauncher(context);
        };
    }
}
