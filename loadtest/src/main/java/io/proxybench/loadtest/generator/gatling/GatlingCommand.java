package io.proxybench.loadtest.generator.gatling;

import io.proxybench.loadtest.generator.ClientTls;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.plan.TlsClientProvider;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of one Gatling step: its own JVM, sized so that the JVM is not what limits the
 * load at a few thousand connections on a small machine, then the module's runner with the
 * simulation and its settings as system properties.
 */
final class GatlingCommand {

    static final String RUNNER = "io.proxybench.gatling.run.GatlingRun";
    static final String PACKAGE = "io.proxybench.gatling.";

    /**
     * A fixed heap so that it never grows during a step, and room for Gatling's many classes so that
     * loading them triggers no full collection (two of 30-150 ms each at start-up otherwise, one of
     * them inside the warm-up or the step); the parallel collector for short young
     * pauses at the highest throughput (its pauses land in the measured latency, as any generator's
     * stalls would); Gatling's recommended inlining limits for its Scala code; no perf-data file in
     * /tmp (everything the run writes stays in its results directory); the opening Gatling's log
     * writer needs on 17+.
     */
    static final List<String> JVM_FLAGS = List.of(
            "-Xms1g",
            "-Xmx1g",
            "-XX:MetaspaceSize=256m",
            "-XX:+UseParallelGC",
            "-XX:MaxInlineLevel=20",
            "-XX:MaxTrivialSize=12",
            "-XX:+PerfDisableSharedMem",
            "--add-opens=java.base/java.lang=ALL-UNNAMED");

    private GatlingCommand() {}

    static String simulation(LoadModel model, ConnectionMode mode) {
        if (model == LoadModel.OPEN) {
            return PACKAGE + "FixedRateSimulation";
        }
        return PACKAGE + (mode == ConnectionMode.CHURN ? "ChurnSimulation" : "KeepAliveRampSimulation");
    }

    /**
     * @param resultsDir  Gatling's {@code -rf}: the report, the figures and Gatling's scratch files go there
     * @param warmupSec   load at the step's level before the step, in the same JVM, left out of the figures
     * @param allowedHost a non-loopback target host the caller created (a namespace address), or null
     * @param tls         the run's CA on a {@code --tls} run, trusted for an https target; null on a plain run
     */
    static List<String> build(
            Path java,
            String classpath,
            LoadModel model,
            StepRequest request,
            Path resultsDir,
            int warmupSec,
            String allowedHost,
            ClientTls tls) {
        URI target = request.target();
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(JVM_FLAGS);
        command.add("-Djava.io.tmpdir=" + resultsDir.resolve(".tmp"));
        command.add("-Dproxybench.baseUrl=" + target.getScheme() + "://" + target.getRawAuthority());
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        command.add("-Dproxybench.path=" + path + (target.getRawQuery() == null ? "" : "?" + target.getRawQuery()));
        command.add("-Dproxybench.steps=" + request.connections());
        command.add("-Dproxybench.stepSeconds=" + request.durationSec());
        command.add("-Dproxybench.warmupSeconds=" + warmupSec);
        command.add("-Dproxybench.requestTimeoutMs=" + request.requestTimeout().toMillis());
        command.add(
                "-Dproxybench.connectionClose=" + (model == LoadModel.OPEN && request.mode() == ConnectionMode.CHURN));
        command.add("-Dproxybench.figuresFile=" + resultsDir.resolve(GatlingFigures.FILE_NAME));
        if (tls != null && "https".equals(target.getScheme())) {
            command.add("-Dproxybench.caCertificate=" + tls.caCertificate().toAbsolutePath());
            command.add("-Dgatling.ssl.useOpenSsl=" + (tls.provider() == TlsClientProvider.OPENSSL));
        }
        if (allowedHost != null) {
            command.add("-Dproxybench.allowedHosts=" + allowedHost);
        }
        command.addAll(List.of(
                "-cp", classpath, RUNNER, "-s", simulation(model, request.mode()), "-rf", resultsDir.toString()));
        return command;
    }
}
