package io.proxybench.loadtest.topology.netns;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Rate limit and one-way delay put on both directions of the generator-proxy link, so that a run
 * between namespaces can stand in for the reference's 1 Gbit/s NICs.
 *
 * <p>Rate only: a token bucket ({@code tbf}). Delay, with or without a rate: {@code netem}, which
 * kernels without {@code sch_netem} lack; that is reported when the link is set up.
 *
 * @param rateBitsPerSecond empty for an unshaped rate
 * @param delayMicros empty for no added delay; applied in each direction, so it adds twice to RTT
 */
public record LinkShaping(Optional<Long> rateBitsPerSecond, Optional<Long> delayMicros) {

    private static final Pattern RATE =
            Pattern.compile("(\\d+(?:\\.\\d+)?)(bit|kbit|mbit|gbit|tbit|bps|kbps|mbps|gbps)");
    private static final Pattern DELAY = Pattern.compile("(\\d+(?:\\.\\d+)?)(us|ms|s)");
    private static final long MAX_RATE = 400_000_000_000L;
    private static final long MAX_DELAY_MICROS = 10_000_000L;
    /** Queue limit for netem, in packets: deep enough not to drop at 1 Gbit/s with thousands of connections. */
    static final int NETEM_LIMIT_PACKETS = 10_000;
    /** How long a packet may wait in the token bucket before it is dropped. */
    static final String TBF_LATENCY = "20ms";

    public LinkShaping {
        rateBitsPerSecond.ifPresent(r -> {
            if (r <= 0 || r > MAX_RATE) {
                throw new IllegalArgumentException(
                        "link rate must be above 0 and at most 400gbit, got " + r + " bit/s");
            }
        });
        delayMicros.ifPresent(d -> {
            if (d <= 0 || d > MAX_DELAY_MICROS) {
                throw new IllegalArgumentException("link delay must be above 0 and at most 10s, got " + d + "us");
            }
        });
    }

    public static LinkShaping none() {
        return new LinkShaping(Optional.empty(), Optional.empty());
    }

    /**
     * From the CLI's words, each may be null or blank: rate like {@code 1gbit}, {@code 100mbit},
     * {@code 12.5mbps} (bytes), delay like {@code 0.1ms}, {@code 100us}, {@code 1s}.
     *
     * @throws IllegalArgumentException with a one-line message naming the bad value
     */
    public static LinkShaping parse(String rate, String delay) {
        return new LinkShaping(parseRate(rate), parseDelay(delay));
    }

    public boolean shapes() {
        return rateBitsPerSecond.isPresent() || delayMicros.isPresent();
    }

    /** The qdisc part of {@code tc qdisc add dev X root ...}, or empty when nothing is shaped. */
    public List<String> qdiscArguments() {
        List<String> args = new ArrayList<>();
        if (delayMicros.isPresent()) {
            args.addAll(List.of("netem", "delay", delayMicros.get() + "us"));
            rateBitsPerSecond.ifPresent(r -> args.addAll(List.of("rate", r + "bit")));
            args.addAll(List.of("limit", Integer.toString(NETEM_LIMIT_PACKETS)));
        } else if (rateBitsPerSecond.isPresent()) {
            long rate = rateBitsPerSecond.get();
            args.addAll(List.of(
                    "tbf", "rate", rate + "bit", "burst", Long.toString(burstBytes(rate)), "latency", TBF_LATENCY));
        }
        return args;
    }

    /** The qdisc kind {@link #qdiscArguments()} installs ({@code netem}, {@code tbf}), or empty. */
    public Optional<String> qdiscKind() {
        List<String> args = qdiscArguments();
        return args.isEmpty() ? Optional.empty() : Optional.of(args.get(0));
    }

    /**
     * A millisecond of traffic, and never less than one 64 KiB segmentation-offload packet: a
     * smaller bucket makes tbf split large packets and undershoot the rate at gigabit speeds.
     */
    static long burstBytes(long rateBitsPerSecond) {
        return Math.max(rateBitsPerSecond / 8 / 1000, 64 * 1024);
    }

    public Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("rateBitsPerSecond", rateBitsPerSecond.orElse(null));
        out.put("delayMicrosEachWay", delayMicros.orElse(null));
        out.put("qdisc", String.join(" ", qdiscArguments()));
        return out;
    }

    private static Optional<Long> parseRate(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        Matcher m = RATE.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("bad link rate '" + text
                    + "': expected a number and a unit (bit, kbit, mbit, gbit, tbit,"
                    + " or bps, kbps, mbps, gbps for bytes), e.g. 1gbit");
        }
        String unit = m.group(2);
        double bits = Double.parseDouble(m.group(1))
                * switch (unit) {
                    case "bit" -> 1d;
                    case "kbit" -> 1e3;
                    case "mbit" -> 1e6;
                    case "gbit" -> 1e9;
                    case "tbit" -> 1e12;
                    case "bps" -> 8d;
                    case "kbps" -> 8e3;
                    case "mbps" -> 8e6;
                    default -> 8e9;
                };
        return Optional.of(Math.round(bits));
    }

    private static Optional<Long> parseDelay(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        Matcher m = DELAY.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "bad link delay '" + text + "': expected a number and us, ms or s, e.g. 0.1ms");
        }
        double micros = Double.parseDouble(m.group(1))
                * switch (m.group(2)) {
                    case "us" -> 1d;
                    case "ms" -> 1e3;
                    default -> 1e6;
                };
        return Optional.of(Math.round(micros));
    }
}
