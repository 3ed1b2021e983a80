package io.proxybench.loadtest.limits;

import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.proc.OpenFileLimit;
import io.proxybench.loadtest.proc.Sysctls;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Compares what the largest step needs with the machine's limits: open files, accept queues and
 * local ports. One finding per limit; descriptors that clearly cannot suffice refuse the run.
 */
public final class LimitCheck {

    /** Descriptors a process holds besides its connections (jars, epoll, pipes, logs). */
    static final int PROCESS_SLACK = 256;
    /** How long a closed connection's port stays in TIME_WAIT on Linux. */
    static final int TIME_WAIT_SEC = 60;

    private LimitCheck() {}

    /**
     * @param connections   the largest step
     * @param originLatency seconds the origin takes per request (bounds the request rate)
     * @param loopback      whether all traffic is on loopback (tcp_tw_reuse=2 then applies)
     */
    public static List<LimitFinding> evaluate(
            int connections,
            ConnectionMode mode,
            double originLatency,
            boolean loopback,
            OpenFileLimit limit,
            Map<String, String> sysctls) {
        List<LimitFinding> findings = new ArrayList<>();
        findings.add(descriptors(connections, limit));
        findings.add(queue(Sysctls.SOMAXCONN, connections, sysctls, "the accept queue"));
        findings.add(queue(Sysctls.TCP_MAX_SYN_BACKLOG, connections, sysctls, "the SYN queue"));
        findings.add(ports(connections, mode, originLatency, loopback, sysctls));
        return findings;
    }

    /**
     * The open model: the step is {@code ratePerSec} arrivals a second on connections opened as needed.
     * While the front end keeps up about rate × origin latency are in use; when it stalls, every
     * arrival holds one until its timeout, so up to rate × timeout. The run is refused only when the
     * first cannot be had; the second, if the limits cannot hold it, is a warning.
     *
     * @param timeoutSec the generator's per-request timeout
     */
    public static List<LimitFinding> evaluateOpen(
            int ratePerSec,
            double timeoutSec,
            ConnectionMode mode,
            double originLatency,
            boolean loopback,
            OpenFileLimit limit,
            Map<String, String> sysctls) {
        int steady = (int) Math.max(1, Math.ceil(ratePerSec * originLatency));
        int worst = (int) Math.min(Integer.MAX_VALUE, Math.ceil(ratePerSec * Math.max(timeoutSec, originLatency)));
        List<LimitFinding> findings = new ArrayList<>();
        findings.add(openDescriptors(ratePerSec, timeoutSec, steady, worst, limit));
        // connects come at most at the arrival rate, spread over the second: no burst of a whole step
        findings.add(queue(Sysctls.SOMAXCONN, steady, sysctls, "the accept queue"));
        findings.add(queue(Sysctls.TCP_MAX_SYN_BACKLOG, steady, sysctls, "the SYN queue"));
        findings.add(
                mode == ConnectionMode.CHURN
                        ? churnPorts(ratePerSec + " req/s", ratePerSec, loopback, sysctls)
                        : openPorts(worst, sysctls));
        return findings;
    }

    static LimitFinding openDescriptors(int ratePerSec, double timeoutSec, int steady, int worst, OpenFileLimit limit) {
        String head = ratePerSec + " req/s may hold up to " + worst + " connections (rate \u00d7 "
                + Math.round(timeoutSec) + " s timeout; ~" + steady + " while the front end keeps up): ";
        LimitFinding atWorst = descriptors(worst, limit);
        if (atWorst.severity() != LimitFinding.Severity.FATAL) {
            return new LimitFinding(atWorst.severity(), head + atWorst.message());
        }
        LimitFinding atSteady = descriptors(steady, limit);
        if (atSteady.severity() == LimitFinding.Severity.FATAL) {
            return LimitFinding.fatal(head + atSteady.message());
        }
        return LimitFinding.warning(head + atWorst.message() + "; enough while the front end keeps up, not if it"
                + " stalls for the whole timeout (lower --timeout to bound it)");
    }

    static LimitFinding openPorts(int worst, Map<String, String> sysctls) {
        int range = Sysctls.portRangeSize(sysctls.get(Sysctls.IP_LOCAL_PORT_RANGE));
        if (range < 0) {
            return LimitFinding.warning(Sysctls.IP_LOCAL_PORT_RANGE + " could not be read");
        }
        String rangeText = Sysctls.IP_LOCAL_PORT_RANGE + " offers " + range + " ports";
        if (range < worst) {
            return LimitFinding.warning("up to " + worst + " keep-alive connections open at once if the front end "
                    + "stalls; " + rangeText + ": connects would fail with EADDRNOTAVAIL");
        }
        return LimitFinding.ok("up to " + worst + " keep-alive connections; " + rangeText);
    }

    static LimitFinding descriptors(int connections, OpenFileLimit limit) {
        // a proxy holds a client and an origin connection per request in flight
        long proxyNeeds = 2L * connections + PROCESS_SLACK;
        long generatorNeeds = connections + 64L;
        String need = connections + " connections need ~" + proxyNeeds + " descriptors per proxy process and ~"
                + generatorNeeds + " for the generator; limit is " + text(limit.soft());
        if (limit.soft() >= 0 && generatorNeeds > limit.soft()) {
            return LimitFinding.fatal(
                    need + ": too low for the generator (raise it with ulimit -n " + proxyNeeds + ")");
        }
        if (limit.hard() >= 0 && proxyNeeds > limit.hard()) {
            return LimitFinding.fatal(need + " (hard " + limit.hard()
                    + "): too low for the proxies (raise it with ulimit -n " + proxyNeeds + ")");
        }
        if (limit.soft() >= 0 && proxyNeeds > limit.soft()) {
            return LimitFinding.warning(need + " (hard " + text(limit.hard())
                    + "): the JVM proxies raise theirs to the hard limit, nginx sets worker_rlimit_nofile");
        }
        return LimitFinding.ok(need);
    }

    static LimitFinding queue(String name, int connections, Map<String, String> sysctls, String what) {
        String value = sysctls.get(name);
        if (value == null) {
            return LimitFinding.warning(name + " could not be read: " + what + " limit is unknown");
        }
        long size;
        try {
            size = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return LimitFinding.warning(name + " = '" + value + "' is not a number");
        }
        if (size < connections) {
            return LimitFinding.warning(name + " = " + size + " < " + connections + " connections: a burst of connects "
                    + "may overflow " + what + " and retry after 1 s (the reference used 5000)");
        }
        return LimitFinding.ok(name + " = " + size + " >= " + connections + " connections");
    }

    static LimitFinding ports(
            int connections, ConnectionMode mode, double originLatency, boolean loopback, Map<String, String> sysctls) {
        int range = Sysctls.portRangeSize(sysctls.get(Sysctls.IP_LOCAL_PORT_RANGE));
        if (range < 0) {
            return LimitFinding.warning(Sysctls.IP_LOCAL_PORT_RANGE + " could not be read");
        }
        String rangeText = Sysctls.IP_LOCAL_PORT_RANGE + " offers " + range + " ports";
        if (range < connections) {
            return LimitFinding.warning(connections + " connections open at once; " + rangeText
                    + ": connects will fail with EADDRNOTAVAIL");
        }
        if (mode != ConnectionMode.CHURN) {
            return LimitFinding.ok(connections + " keep-alive connections; " + rangeText);
        }
        return churnPorts(
                connections + " connections",
                Math.round(connections / Math.max(originLatency, 0.001)),
                loopback,
                sysctls);
    }

    /** A new connection per request, {@code perSecond} of them, each port then in TIME_WAIT for a minute. */
    static LimitFinding churnPorts(String step, long perSecond, boolean loopback, Map<String, String> sysctls) {
        int range = Sysctls.portRangeSize(sysctls.get(Sysctls.IP_LOCAL_PORT_RANGE));
        if (range < 0) {
            return LimitFinding.warning(Sysctls.IP_LOCAL_PORT_RANGE + " could not be read");
        }
        String rangeText = Sysctls.IP_LOCAL_PORT_RANGE + " offers " + range + " ports";
        long inTimeWait = perSecond * TIME_WAIT_SEC;
        String twReuse = sysctls.getOrDefault("net.ipv4.tcp_tw_reuse", "0").trim();
        boolean reused = twReuse.equals("1") || (twReuse.equals("2") && loopback);
        String churn = "churn at " + step + " opens ~" + perSecond + " connections/s; " + rangeText;
        if (inTimeWait <= range) {
            return LimitFinding.ok(churn);
        }
        if (reused) {
            return LimitFinding.ok(churn + "; ports in TIME_WAIT are reused (tcp_tw_reuse=" + twReuse + ")");
        }
        return LimitFinding.warning(churn + ", but ~" + inTimeWait + " would sit in TIME_WAIT if the generator closes "
                + "first and tcp_tw_reuse=" + twReuse + ": expect connect errors");
    }

    private static String text(long limit) {
        return limit < 0 ? "unlimited" : Long.toString(limit);
    }
}
