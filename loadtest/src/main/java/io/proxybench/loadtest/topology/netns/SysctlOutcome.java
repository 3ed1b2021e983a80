package io.proxybench.loadtest.topology.netns;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One kernel setting in one place, as found and as left.
 *
 * @param before value found, null when it could not be read
 * @param after value left in place, null when it could not be read
 * @param hostValue for a key the namespace does not have: the kit's own (root namespace) value,
 *     which is what applies there; otherwise null
 * @param detail the reason a key was not set, else empty
 */
public record SysctlOutcome(
        String key, String wanted, String before, String after, Status status, String hostValue, String detail) {

    public enum Status {
        /** written and read back as wanted */
        SET,
        /** already at the wanted value */
        UNCHANGED,
        /** only read ({@code readSysctls}) */
        READ,
        /** the key does not exist in this place: global, owned by the root namespace */
        NOT_PRESENT,
        /** exists but cannot be written here (shared with the root namespace, or no permission) */
        READ_ONLY,
        /** the write was refused or read back differently */
        FAILED
    }

    public Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("status", status.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
        out.put("wanted", wanted);
        out.put("before", before);
        out.put("after", after);
        if (hostValue != null) {
            out.put("hostValue", hostValue);
        }
        if (!detail.isEmpty()) {
            out.put("detail", detail);
        }
        return out;
    }
}
