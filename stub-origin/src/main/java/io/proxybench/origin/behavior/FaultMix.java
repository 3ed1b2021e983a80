package io.proxybench.origin.behavior;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

/**
 * The share of requests that get each fault, spelled {@code status-500=0.01,reset=0.001}.
 * Shares are probabilities per request; their sum may not exceed 1.
 */
public final class FaultMix {

    public static final FaultMix NONE = new FaultMix(new EnumMap<>(FaultKind.class));

    private final Map<FaultKind, Double> shares;
    private final FaultKind[] kinds;
    /** Upper bound of each kind's slice of [0, 1), in the order of {@link #kinds}. */
    private final double[] cumulative;

    private FaultMix(EnumMap<FaultKind, Double> shares) {
        this.shares = Collections.unmodifiableMap(shares);
        this.kinds = new FaultKind[shares.size()];
        this.cumulative = new double[shares.size()];
        double sum = 0;
        int i = 0;
        for (Map.Entry<FaultKind, Double> e : shares.entrySet()) {
            sum += e.getValue();
            kinds[i] = e.getKey();
            cumulative[i] = sum;
            i++;
        }
    }

    public static FaultMix of(Map<FaultKind, Double> shares) {
        EnumMap<FaultKind, Double> copy = new EnumMap<>(FaultKind.class);
        double sum = 0;
        for (Map.Entry<FaultKind, Double> e : shares.entrySet()) {
            double share = e.getValue();
            if (!(share >= 0 && share <= 1)) {
                throw new IllegalArgumentException(
                        "fault share for " + e.getKey() + " must be within 0..1, got " + share);
            }
            sum += share;
            if (share > 0) {
                copy.put(e.getKey(), share);
            }
        }
        if (sum > 1 + 1e-9) {
            throw new IllegalArgumentException("fault shares add up to " + sum + ", more than 1");
        }
        return copy.isEmpty() ? NONE : new FaultMix(copy);
    }

    /**
     * Parses {@code kind=share[,kind=share...]}; an empty text or {@code none} means no faults.
     *
     * @throws IllegalArgumentException with a one-line reason
     */
    public static FaultMix parse(String text) {
        String trimmed = text == null ? "" : text.trim();
        if (trimmed.isEmpty() || trimmed.equalsIgnoreCase("none")) {
            return NONE;
        }
        EnumMap<FaultKind, Double> shares = new EnumMap<>(FaultKind.class);
        for (String part : trimmed.split(",", -1)) {
            int eq = part.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("'" + part.trim() + "' is not kind=share (e.g. status-500=0.01)");
            }
            FaultKind kind = FaultKind.fromWireName(part.substring(0, eq));
            String shareText = part.substring(eq + 1).trim();
            double share;
            try {
                share = Double.parseDouble(shareText);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("share '" + shareText + "' for " + kind + " is not a number");
            }
            if (shares.put(kind, share) != null) {
                throw new IllegalArgumentException("fault " + kind + " is given twice");
            }
        }
        return of(shares);
    }

    public boolean isEmpty() {
        return kinds.length == 0;
    }

    public Map<FaultKind, Double> shares() {
        return shares;
    }

    /** Draws the fault for one request, or {@code null} for a normal answer. */
    public FaultKind pick() {
        if (kinds.length == 0) {
            return null;
        }
        return pick(ThreadLocalRandom.current().nextDouble());
    }

    /** The fault for a uniform draw {@code r} in [0, 1), or {@code null}. */
    public FaultKind pick(double r) {
        for (int i = 0; i < kinds.length; i++) {
            if (r < cumulative[i]) {
                return kinds[i];
            }
        }
        return null;
    }

    public String spelling() {
        if (kinds.length == 0) {
            return "none";
        }
        return shares.entrySet().stream()
                .map(e -> e.getKey().wireName() + "=" + e.getValue())
                .collect(Collectors.joining(","));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FaultMix && ((FaultMix) o).shares.equals(shares);
    }

    @Override
    public int hashCode() {
        return shares.hashCode();
    }

    @Override
    public String toString() {
        return spelling();
    }
}
