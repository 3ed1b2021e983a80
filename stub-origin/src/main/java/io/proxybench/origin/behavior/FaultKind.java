package io.proxybench.origin.behavior;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The ways the origin can misbehave on purpose, by the name used in headers, flags and stats. */
public enum FaultKind {
    /** A 500 with a short text body; the connection stays usable. */
    STATUS_500("status-500"),
    /** RST (SO_LINGER 0) before any byte of the response. */
    RESET("reset"),
    /** Headers with the full Content-Length, half the body, then FIN. */
    CLOSE_MID_BODY("close-mid-body"),
    /** Bytes that are not HTTP, then FIN. */
    GARBAGE("garbage"),
    /** No answer at all; the connection stays open until the client gives up. */
    STALL("stall"),
    /** Headers at once, the body in small pieces spread over about a second. */
    SLOW_BODY("slow-body");

    private final String wireName;

    FaultKind(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /**
     * @throws IllegalArgumentException naming the valid kinds when {@code name} is not one of them
     */
    public static FaultKind fromWireName(String name) {
        String trimmed = name == null ? "" : name.trim();
        for (FaultKind kind : values()) {
            if (kind.wireName.equalsIgnoreCase(trimmed)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown fault '" + name + "' (one of " + allWireNames() + ")");
    }

    public static String allWireNames() {
        return Arrays.stream(values()).map(FaultKind::wireName).collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return wireName;
    }
}
