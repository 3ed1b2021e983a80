package io.proxybench.origin;

import io.proxybench.origin.behavior.FaultMix;
import io.proxybench.origin.behavior.LatencyModel;
import java.time.Duration;
import java.util.Objects;

/**
 * Everything a {@link StubOrigin} can be told at start.
 *
 * @param bindAddress    address to listen on (loopback by default)
 * @param port           TCP port, 0 for an ephemeral one
 * @param payloadSize    bytes in each answer's body unless a request asks otherwise
 * @param latency        wait between a complete request and its answer
 * @param threads        event loops
 * @param maxConnections open connections beyond which new ones are closed at accept; 0 for no limit
 * @param seed           seed of the random payload bytes, so that runs serve identical bodies
 * @param faultMix       share of requests that get each fault
 * @param transport      epoll, NIO, or whichever is available
 * @param drainTimeout   how long {@link StubOrigin#close()} lets answers in flight finish
 */
public record StubOriginOptions(
        String bindAddress,
        int port,
        int payloadSize,
        LatencyModel latency,
        int threads,
        int maxConnections,
        long seed,
        FaultMix faultMix,
        OriginTransport transport,
        Duration drainTimeout) {

    /** Larger bodies are still served, but only on request ({@code X-Origin-Payload-Size}) or by an explicit flag. */
    public static final int MAX_PAYLOAD_SIZE = 1 << 30;

    public static final long DEFAULT_SEED = 0x5EEDL;

    public StubOriginOptions {
        Objects.requireNonNull(bindAddress, "bindAddress");
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(faultMix, "faultMix");
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(drainTimeout, "drainTimeout");
        if (bindAddress.isBlank()) {
            throw new IllegalArgumentException("bind address must not be empty");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be within 0..65535, got " + port);
        }
        if (payloadSize < 0 || payloadSize > MAX_PAYLOAD_SIZE) {
            throw new IllegalArgumentException(
                    "payload size must be within 0.." + MAX_PAYLOAD_SIZE + ", got " + payloadSize);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        if (maxConnections < 0) {
            throw new IllegalArgumentException("max connections must be 0 (no limit) or more, got " + maxConnections);
        }
        if (drainTimeout.isNegative()) {
            throw new IllegalArgumentException("drain timeout must not be negative, got " + drainTimeout);
        }
    }

    public static StubOriginOptions defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder()
                .bindAddress(bindAddress)
                .port(port)
                .payloadSize(payloadSize)
                .latency(latency)
                .threads(threads)
                .maxConnections(maxConnections)
                .seed(seed)
                .faultMix(faultMix)
                .transport(transport)
                .drainTimeout(drainTimeout);
    }

    /** Starts from the command-line defaults: loopback, ephemeral port, 1 KiB after 50 ms, one loop per core. */
    public static final class Builder {
        private String bindAddress = "127.0.0.1";
        private int port = 0;
        private int payloadSize = 1024;
        private LatencyModel latency = LatencyModel.fixed(Duration.ofMillis(50));
        private int threads = Runtime.getRuntime().availableProcessors();
        private int maxConnections = 0;
        private long seed = DEFAULT_SEED;
        private FaultMix faultMix = FaultMix.NONE;
        private OriginTransport transport = OriginTransport.AUTO;
        private Duration drainTimeout = Duration.ofSeconds(5);

        private Builder() {}

        public Builder bindAddress(String bindAddress) {
            this.bindAddress = bindAddress;
            return this;
        }

        public Builder port(int port) {
            this.port = port;
            return this;
        }

        public Builder payloadSize(int payloadSize) {
            this.payloadSize = payloadSize;
            return this;
        }

        public Builder latency(LatencyModel latency) {
            this.latency = latency;
            return this;
        }

        public Builder latency(Duration fixed) {
            this.latency = LatencyModel.fixed(fixed);
            return this;
        }

        /** Same spelling as {@code --latency}: {@code 50ms}, {@code 0}, {@code uniform:40ms..60ms}. */
        public Builder latency(String spelling) {
            this.latency = LatencyModel.parse(spelling);
            return this;
        }

        public Builder threads(int threads) {
            this.threads = threads;
            return this;
        }

        public Builder maxConnections(int maxConnections) {
            this.maxConnections = maxConnections;
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        public Builder faultMix(FaultMix faultMix) {
            this.faultMix = faultMix;
            return this;
        }

        /** Same spelling as {@code --fault-rate}: {@code status-500=0.01,reset=0.001}. */
        public Builder faultMix(String spelling) {
            this.faultMix = FaultMix.parse(spelling);
            return this;
        }

        public Builder transport(OriginTransport transport) {
            this.transport = transport;
            return this;
        }

        public Builder drainTimeout(Duration drainTimeout) {
            this.drainTimeout = drainTimeout;
            return this;
        }

        public StubOriginOptions build() {
            return new StubOriginOptions(
                    bindAddress,
                    port,
                    payloadSize,
                    latency,
                    threads,
                    maxConnections,
                    seed,
                    faultMix,
                    transport,
                    drainTimeout);
        }
    }
}
