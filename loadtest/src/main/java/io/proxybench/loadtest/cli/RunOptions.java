package io.proxybench.loadtest.cli;

import io.proxybench.common.tls.KeyType;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.plan.ExternalFrontEnd;
import io.proxybench.loadtest.plan.GcChoice;
import io.proxybench.loadtest.plan.JvmProfile;
import io.proxybench.loadtest.plan.LeadInPolicy;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.plan.TlsClientProvider;
import io.proxybench.loadtest.plan.TlsResumption;
import io.proxybench.loadtest.plan.TopologyKind;
import io.proxybench.loadtest.plan.WarmupPolicy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** The options of {@code proxybench run}, as typed; {@link RunPlanReader} checks and resolves them. */
public class RunOptions {

    @Option(
            names = "--front-ends",
            paramLabel = "LIST",
            description = {
                "Front ends to test, in order, one column each: netty, tomcat, nginx, and variants with their own"
                        + " settings, e.g. 'netty,netty[workers.stage=8],tomcat[maxThreads=500]' (the label is the text"
                        + " as written; bracket settings become --set flags of that process).",
                "Default: netty,tomcat and nginx when installed."
            })
    String frontEnds;

    @Option(
            names = "--steps",
            paramLabel = "LIST",
            description = "Connections per step, e.g. 700,900,2000"
                    + " (with --model open: requests per second). Default: 100,200,400.")
    String steps;

    @Option(
            names = "--ramp",
            paramLabel = "START:END:INC",
            description = "Steps from START to END by INC, END included: 700:2000:200 = 700,900,...,1900,2000.")
    String ramp;

    @Option(
            names = "--duration",
            paramLabel = "TIME",
            defaultValue = "5s",
            description = "Length of each step, whole seconds (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(
            names = "--warmup",
            paramLabel = "TIME",
            defaultValue = "auto",
            description = {
                "Warm-up at the first step's load before each front end's steps. auto: until the front end is steady"
                        + " (its JIT and the origin's quiet, req/s stable over 1 s windows; nginx and HAProxy: req/s"
                        + " only), at most --warmup-cap, past which its steps are flagged not-steady; a time (30s)"
                        + " for a fixed warm-up; 0 for none (default: ${DEFAULT-VALUE})."
            })
    String warmup;

    @Option(
            names = "--mode",
            paramLabel = "MODE",
            defaultValue = "keepalive",
            converter = ChoiceConverter.Mode.class,
            description = "How the generator holds its connections: ${COMPLETION-CANDIDATES}"
                    + " (default: ${DEFAULT-VALUE}). keepalive: they stay open; churn: a new TCP connection per"
                    + " request (Connection: close).")
    ConnectionMode mode;

    @Option(
            names = "--tls",
            description = "The front ends terminate TLS (TLS 1.2 and 1.3) with a throw-away CA and server certificate"
                    + " made for the run in raw/tls/; the generators send https and the kit trusts that CA only"
                    + " (docs/tls.md).")
    boolean tls;

    @Option(
            names = "--tls-key",
            paramLabel = "TYPE",
            converter = ChoiceConverter.Key.class,
            description = "With --tls: the server key's type, ${COMPLETION-CANDIDATES} (default: ecdsa-p256).")
    KeyType tlsKey;

    @Option(
            names = "--tls-resumption",
            paramLabel = "on|off",
            converter = ChoiceConverter.Resumption.class,
            description = "With --tls: whether clients may resume sessions (tickets and cache) on every front end,"
                    + " and the built-in generator offers its own (default: on).")
    TlsResumption tlsResumption;

    @Option(
            names = "--tls-client",
            paramLabel = "ENGINE",
            converter = ChoiceConverter.ClientProvider.class,
            description = "With --tls: the generator's TLS engine, ${COMPLETION-CANDIDATES} (default: openssl, which"
                    + " is netty-tcnative's BoringSSL for the built-in generator and Gatling, and OpenSSL for wrk;"
                    + " jdk is the JDK's engine, not with wrk).")
    TlsClientProvider tlsClient;

    @Option(
            names = "--generator",
            paramLabel = "NAME",
            defaultValue = "auto",
            converter = ChoiceConverter.Generator.class,
            description = "Load generator: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}). auto: wrk when"
                    + " installed and the model allows it, else builtin.")
    GeneratorChoice generator;

    @Option(
            names = "--model",
            paramLabel = "MODEL",
            defaultValue = "closed",
            converter = ChoiceConverter.Model.class,
            description = {
                "Load model: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).",
                "closed: a step is N connections, each sending its next request when the previous one is"
                        + " answered;",
                "open: a step is N requests per second, sent on time whatever the answers (--generator builtin"
                        + " or gatling)."
            })
    LoadModel model;

    @Option(
            names = "--threads",
            paramLabel = "N",
            defaultValue = "2",
            description = "Generator threads (wrk -t); never more than the connections (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(
            names = "--timeout",
            paramLabel = "TIME",
            defaultValue = "10s",
            description = "Per-request timeout of the generator, whole seconds (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Option(
            names = "--jvm-profile",
            paramLabel = "NAME",
            defaultValue = "reference",
            converter = ChoiceConverter.Profile.class,
            description = {
                "JVM flags and proxy settings of the JVM front ends: ${COMPLETION-CANDIDATES}"
                        + " (default: ${DEFAULT-VALUE}).",
                "reference: the write-up's flags (netty -Xms1500m -Xmx1500m -Xmn500m, tomcat -Xms3500m -Xmx3500m"
                        + " -Xmn1024m, both -XX:+UseParallelGC -XX:+UseCompressedOops) and each proxy's"
                        + " --profile reference;",
                "modern: each proxy as bin/proxy-netty and bin/proxy-tomcat start it: the flags of its jvm.options"
                        + " (proxy-netty/jvm.options, proxy-tomcat/jvm.options) for the JDK of --java-home, and the"
                        + " proxy's own defaults;",
                "jdk: no JVM flags at all (the JDK's defaults) and the proxy's own defaults."
            })
    JvmProfile jvmProfile;

    @Option(
            names = "--gc",
            paramLabel = "NAME",
            converter = ChoiceConverter.Gc.class,
            description = "Collector of the JVM front ends, replacing the profile's: ${COMPLETION-CANDIDATES}.")
    GcChoice gc;

    @Option(
            names = "--java-home",
            paramLabel = "DIR",
            description = "JDK for the JVM front ends and the origin (default: the one running this kit).")
    Path javaHome;

    @Option(
            names = "--jvm-arg",
            paramLabel = "ARG",
            description =
                    "Extra JVM flag for the JVM front ends, after the profile's; repeatable (--jvm-arg=-XX:+UseNUMA).")
    List<String> jvmArgs = new ArrayList<>();

    @Option(
            names = "--set",
            paramLabel = "KIND.KEY=VALUE",
            description = "Setting for every front end of a kind, e.g. netty.workers.stage=8 or tomcat.maxThreads=500;"
                    + " repeatable. The same as --netty.workers.stage=8.")
    List<String> settings = new ArrayList<>();

    @Option(
            names = "--sweep",
            paramLabel = "KIND.KEY=V1,V2,..",
            description = "One variant per value of a setting, e.g. netty.workers.inbound=1,2,4; repeatable (variants"
                    + " multiply). Without --front-ends only the swept kinds run.")
    List<String> sweeps = new ArrayList<>();

    @Option(
            names = "--out",
            paramLabel = "DIR",
            defaultValue = "results",
            description = "Where results/<run-id>/ goes (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(
            names = "--profile",
            paramLabel = "LIST",
            defaultValue = "none",
            description = {
                "Profile each front end during every step (not the warm-up), one recording per step, any of these"
                        + " joined with commas:",
                "jfr: Flight Recorder to raw/<label>/<step>.jfr; async: async-profiler CPU and allocation flame"
                        + " graphs raw/<label>/<step>-cpu.html and -alloc.html (both JVM front ends only); syscalls:"
                        + " every front end's system calls counted by perf, raw/<label>/syscalls-<step>.json and per"
                        + " request in the report (default: ${DEFAULT-VALUE})."
            })
    String profile;

    @Option(
            names = "--origin-latency",
            paramLabel = "TIME",
            defaultValue = "50ms",
            description = "Origin's latency before each answer (default: ${DEFAULT-VALUE}).")
    String originLatency;

    @Option(
            names = "--payload-size",
            paramLabel = "SIZE",
            defaultValue = "1024",
            description = "Origin's body size, e.g. 1024, 16KiB (default: ${DEFAULT-VALUE}).")
    String payloadSize;

    @Option(
            names = "--topology",
            paramLabel = "NAME",
            defaultValue = "loopback",
            converter = ChoiceConverter.Topology.class,
            description = "Where the roles run: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})."
                    + " loopback: every role on lo; netns: each role in a network namespace of its own, joined by"
                    + " veth links (root); hosts: each role on the box --hosts names, over ssh.")
    TopologyKind topology;

    @Option(
            names = "--link",
            paramLabel = "RATE",
            description = "netns: rate of the generator-proxy link, e.g. 1gbit (the reference's NICs).")
    String link;

    @Option(
            names = "--link-delay",
            paramLabel = "TIME",
            description = "netns: one-way delay on the generator-proxy link, e.g. 0.1ms.")
    String linkDelay;

    @Option(
            names = "--apply-sysctl",
            description = "netns: set sysctl/proxybench.conf's values inside the namespaces (never on the machine).")
    boolean applySysctl;

    @Option(
            names = "--warmup-cap",
            paramLabel = "TIME",
            defaultValue = WarmupPolicy.DEFAULT_CAP,
            description = "Longest automatic warm-up of one front end (default: ${DEFAULT-VALUE}).")
    String warmupCap;

    @Option(
            names = "--cpus",
            paramLabel = "ROLE=LIST,..",
            description = {
                "Pin each role's processes to CPUs with taskset -c, e.g. generator=0,proxy=1,origin=1 (lists as"
                        + " taskset writes them: 0, 0-1, 0,2); roles: generator, proxy, origin; a role left out runs"
                        + " on every CPU."
            })
    String cpus;

    @Option(
            names = "--hosts",
            paramLabel = "FILE",
            description = "hosts: where each role runs, reached over ssh (format: docs/topology.md).")
    Path hosts;

    @Option(
            names = "--repeat",
            paramLabel = "N",
            defaultValue = "1",
            description = {
                "Run every front end over every step N times, interleaved: repeat 1 of every front end, then repeat"
                        + " 2, ... so that drift of the machine hits all alike. The table shows each figure's median"
                        + " and the repeats' spread; compare tests changes against that noise (3 or more; default:"
                        + " ${DEFAULT-VALUE})."
            })
    int repeat;

    @Option(
            names = "--until-undisturbed",
            paramLabel = "K",
            defaultValue = "0",
            description = {
                "With --repeat N and two front ends or more: after each round of repeats, stop once every front"
                        + " end's ratio to the first has K repeats at every step in which neither step raised a flag"
                        + " that disturbs a measurement (cpu-stolen, not-steady, jit-busy, errors); N stays the"
                        + " most. K from 3, the fewest the report's confidence interval takes, to N (default: 0,"
                        + " every repeat)."
            })
    int untilUndisturbed;

    /** {@code --netty.workers.stage=8}-style settings, and anything mistyped (reported as such). */
    List<String> unmatched = new ArrayList<>();

    /** The front ends a run file defines, by name; {@code --front-ends} names them as it names built-in ones. */
    Map<String, ExternalFrontEnd> definitions = Map.of();

    @Option(
            names = "--origin-faults",
            paramLabel = "LIST",
            description = {
                "Faults the origin injects, as shares of its requests: e.g."
                        + " reset=1%%,close-mid-body=1%%,garbage=1%%,stall=0.5%%,status-500=1%% (a share is a"
                        + " percentage or a fraction such as 0.01; at most 100%% in all).",
                "Kinds: status-500, reset, close-mid-body, garbage, stall (no answer until the proxy's"
                        + " origin.readTimeout or the generator's --timeout ends it), slow-body. Each step records"
                        + " the faults the origin served."
            })
    String originFaults;

    @Option(
            names = "--lead-in",
            paramLabel = "TIME",
            description = {
                "Before every step after a front end's first: auto (default) runs 1 s windows at the step's load"
                        + " until the JIT is quiet and req/s stable again, at most --lead-in-cap (a step reaching"
                        + " that cap is flagged not-steady); a time (5s) for a fixed lead-in; none to measure at"
                        + " once. Default none with --warmup 0."
            })
    String leadIn;

    @Option(
            names = "--lead-in-cap",
            paramLabel = "TIME",
            defaultValue = LeadInPolicy.DEFAULT_CAP,
            description = {
                "Longest automatic lead-in of one step (default: ${DEFAULT-VALUE}). A front end whose JIT keeps"
                        + " compiling at a new load for longer gets its steps flagged not-steady; a longer cap waits"
                        + " that out."
            })
    String leadInCap;
}
