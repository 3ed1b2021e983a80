package io.proxybench.loadtest.plan;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The faults the origin injects, as {@code --origin-faults} gives them: {@code reset=1%,stall=0.5%}
 * or {@code reset=0.01}. Shares are per request, in the order written; they add up to at most 100 %.
 * The kinds are stub-origin's (its {@code FaultKind}); they are repeated here because the kit runs
 * the origin as a jar and does not link its classes.
 *
 * @param shares fraction of requests (0..1) per kind, in the order written; empty for none
 */
public record OriginFaultMix(Map<String, Double> shares) {

    /** stub-origin's fault kinds, by the name its {@code --fault-rate} and {@code /_origin/stats} use. */
    public static final List<String> KINDS =
            List.of("status-500", "reset", "close-mid-body", "garbage", "stall", "slow-body");

    public static final OriginFaultMix NONE = new OriginFaultMix(Map.of());

    private static final String OPTION = "--origin-faults";

    public OriginFaultMix {
        shares = Collections.unmodifiableMap(new LinkedHashMap<>(shares));
    }

    /**
     * Parses {@code kind=share[,kind=share...]}, a share being a percentage ({@code 1%}, {@code 0.5%})
     * or a fraction ({@code 0.01}); null, empty or {@code none} is no faults.
     */
    public static OriginFaultMix parse(String text) throws PlanException {
        String trimmed = text == null ? "" : text.trim();
        if (trimmed.isEmpty() || trimmed.equalsIgnoreCase("none")) {
            return NONE;
        }
        Map<String, Double> shares = new LinkedHashMap<>();
        BigDecimal sum = BigDecimal.ZERO;
        for (String part : trimmed.split(",", -1)) {
            int eq = part.indexOf('=');
            if (eq < 0) {
                throw new PlanException(
                        OPTION + ": '" + part.trim() + "' is not KIND=SHARE (e.g. reset=1%; kinds: " + kinds() + ")");
            }
            String kind = part.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            if (!KINDS.contains(kind)) {
                throw new PlanException(
                        OPTION + ": unknown fault '" + part.substring(0, eq).trim() + "' (one of " + kinds() + ")");
            }
            BigDecimal share = share(kind, part.substring(eq + 1).trim());
            if (shares.put(kind, share.doubleValue()) != null) {
                throw new PlanException(OPTION + ": fault " + kind + " is given twice");
            }
            sum = sum.add(share);
        }
        if (sum.compareTo(BigDecimal.ONE) > 0) {
            throw new PlanException(
                    OPTION + ": the shares add up to " + percent(sum.doubleValue()) + ", more than 100%");
        }
        shares.values().removeIf(s -> s == 0);
        return shares.isEmpty() ? NONE : new OriginFaultMix(shares);
    }

    private static BigDecimal share(String kind, String text) throws PlanException {
        boolean percent = text.endsWith("%");
        String number = percent ? text.substring(0, text.length() - 1).trim() : text;
        BigDecimal value;
        try {
            value = new BigDecimal(number);
        } catch (NumberFormatException e) {
            throw new PlanException(
                    OPTION + ": share '" + text + "' of " + kind + " is not a number (e.g. 1% or 0.01)");
        }
        if (percent) {
            value = value.movePointLeft(2);
        }
        if (value.signum() < 0 || value.compareTo(BigDecimal.ONE) > 0) {
            throw new PlanException(OPTION + ": share '" + text + "' of " + kind + " is not within 0..100%");
        }
        return value;
    }

    public boolean isEmpty() {
        return shares.isEmpty();
    }

    /** stub-origin's {@code --fault-rate} value: fractions, {@code reset=0.01,stall=0.005}. */
    public String faultRateArgument() {
        return shares.entrySet().stream()
                .map(e -> e.getKey() + "="
                        + BigDecimal.valueOf(e.getValue()).stripTrailingZeros().toPlainString())
                .collect(Collectors.joining(","));
    }

    /** For people: {@code reset=1%,stall=0.5%}; {@code none} when empty. */
    public String spelling() {
        if (shares.isEmpty()) {
            return "none";
        }
        return shares.entrySet().stream()
                .map(e -> e.getKey() + "=" + percent(e.getValue()))
                .collect(Collectors.joining(","));
    }

    private static String percent(double fraction) {
        return BigDecimal.valueOf(fraction)
                        .movePointRight(2)
                        .stripTrailingZeros()
                        .toPlainString() + "%";
    }

    private static String kinds() {
        return String.join(", ", KINDS);
    }
}
