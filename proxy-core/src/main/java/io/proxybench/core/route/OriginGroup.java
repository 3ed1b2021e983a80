package io.proxybench.core.route;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** The servers behind one route, chosen round robin without a lock. */
public final class OriginGroup {

    private final List<OriginAddress> origins;
    private final OriginAddress[] ring;
    private final AtomicInteger next = new AtomicInteger();

    public OriginGroup(List<OriginAddress> origins) {
        if (origins.isEmpty()) {
            throw new IllegalArgumentException("an origin group needs at least one host:port");
        }
        this.origins = List.copyOf(origins);
        this.ring = this.origins.toArray(new OriginAddress[0]);
    }

    public OriginAddress next() {
        if (ring.length == 1) {
            return ring[0];
        }
        return ring[Math.floorMod(next.getAndIncrement(), ring.length)];
    }

    public List<OriginAddress> origins() {
        return origins;
    }

    @Override
    public String toString() {
        return origins.toString();
    }
}
