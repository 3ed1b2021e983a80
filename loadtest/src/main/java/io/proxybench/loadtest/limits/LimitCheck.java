package io.proxybench.loadtest.limits;

import io.proxybench.loadtest.machine.OpenFileLimit;
import io.proxybench.loadtest.machine.Sysctls;
import io.proxybench.loadtest.plan.ConnectionMode;
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

    private LimitCheck() {
    }

    /**
     * @param connections   the largest step
     * @param originLatency seconds the origin takes per request (bounds the request rate)
     * @param loopback      whether all traffic is on loopback (tcp_tw_reuse=2 then applies)
     */
    public static List<LimitFinding> evaluate(int connections, ConnectionMode mode, double originLatency,
            boolean loopback, OpenFileLimit limit, Map<String, String> sysctls) {
        List<LimitFinding> findings = new ArrayList<>();
        findings.add(descriptors(connections, limit));
        findings.add(queue(Sysctls.SOMAXCONN, connections, sysctls, "the accept queue"));
        findings.add(queue(Sysctls.TCP_MAX_SYN_BACKLOG, connections, sysctls, "the SYN queue"));
        findings.add(ports(connections, mode, originLatency, loopback, sysctls));
        return findings;
    }

    static LimitFinding descriptors(int connections, OpenFileLimit limit) {
        // a proxy holds a client and an origin connection per request in flight
        long proxyNeeds = 2L * connections + PROCESS_SLACK;
        long generatorNeeds = connections + 64L;
        String need = connections + " connections need ~" + proxyNeeds + " descriptors per proxy process and ~"
                + generatorNeeds + " for the generator; limit is " + text(limit.soft());
        if (limit.soft() >= 0 && generatorNeeds > limit.soft()) {
            return LimitFinding.fatal(need + ": too low for the generator (raise it with ulimit -n "
                    + proxyNeeds + ")");
        }
        if (limit.hard() >= 0 && proxyNeeds > limit.hard()) {
            return LimitFinding.fatal(need + " (hard " + limit.hard() + "): too low for the proxies (raise it with ulimit -n "
                    + proxyNeeds + ")");
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

    static LimitFinding ports(int connections, ConnectionMode mode, double originLatency, boolean loopback,
            Map<String, String> sysctls) {
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
        long perSecond = Math.round(connections / Math.max(originLatency, 0.001));
        long inTimeWait = perSecond * TIME_WAIT_SEC;
        String twReuse = sysctls.getOrDefault("net.ipv4.tcp_tw_reuse", "0").trim();
        boolean reused = twReuse.equals("1") || (twReuse.equals("2") && loopback);
        String churn = "churn at " + connections + " connections opens ~" + perSecond + " connections/s; " + rangeText;
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
