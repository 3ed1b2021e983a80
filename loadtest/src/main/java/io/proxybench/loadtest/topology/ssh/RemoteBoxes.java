package io.proxybench.loadtest.topology.ssh;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** The distinct remote boxes of a hosts file: roles that share an ssh target share one box. */
final class RemoteBoxes {

    private RemoteBoxes() {}

    /** One place per distinct ssh target, in role order. */
    static List<HostsFile.Place> of(HostsFile hosts) {
        Map<String, HostsFile.Place> boxes = new LinkedHashMap<>();
        for (HostsFile.Place place : hosts.allPlaces()) {
            if (!place.local()) {
                boxes.putIfAbsent(place.target(), place);
            }
        }
        return new ArrayList<>(boxes.values());
    }

    /** The roles that run on {@code box}, for messages: {@code proxy and origin}. */
    static String roles(HostsFile hosts, HostsFile.Place box) {
        return hosts.allPlaces().stream()
                .filter(p -> !p.local() && p.target().equals(box.target()))
                .map(p -> p.role().name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(" and "));
    }
}
