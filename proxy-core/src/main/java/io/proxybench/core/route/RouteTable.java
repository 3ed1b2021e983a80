package io.proxybench.core.route;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Longest-prefix routing; immutable and safe to share between threads. */
public final class RouteTable {

    private final Route[] byLongestPrefix;

    public RouteTable(List<Route> routes) {
        List<Route> sorted = new ArrayList<>(routes);
        for (int i = 0; i < sorted.size(); i++) {
            for (int j = i + 1; j < sorted.size(); j++) {
                if (sorted.get(i).prefix().equals(sorted.get(j).prefix())) {
                    throw new IllegalArgumentException(
                            "route prefix " + sorted.get(i).prefix() + " is defined twice");
                }
            }
        }
        sorted.sort(Comparator.comparingInt((Route r) -> r.prefix().length()).reversed());
        this.byLongestPrefix = sorted.toArray(new Route[0]);
    }

    /** The route with the longest prefix that matches {@code path}, or {@code null}. */
    public Route match(String path) {
        for (Route r : byLongestPrefix) {
            if (r.matches(path)) {
                return r;
            }
        }
        return null;
    }

    public List<Route> routes() {
        return List.of(byLongestPrefix);
    }

    public boolean isEmpty() {
        return byLongestPrefix.length == 0;
    }

    @Override
    public String toString() {
        return List.of(byLongestPrefix).toString();
    }
}
