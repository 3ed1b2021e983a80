package io.proxybench.loadtest.generator.split;

import io.proxybench.loadtest.generator.GeneratorResult;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.StepRequest;
import io.proxybench.loadtest.topology.LoopbackTopology;
import java.util.List;
import java.util.Optional;

/** A split generator over two boxes whose parts never run, for tests of what is made of its steps. */
public final class SplitGeneratorFixture {

    private SplitGeneratorFixture() {}

    /** Two boxes whose generators can each use {@code threads} cores. */
    public static SplitGenerator twoBoxes(String first, String second, int threads) {
        LoadGenerator part = new LoadGenerator() {
            @Override
            public String name() {
                return "fixture";
            }

            @Override
            public Optional<String> unavailableReason() {
                return Optional.empty();
            }

            @Override
            public int usableCores(int connections) {
                return Math.min(threads, connections);
            }

            @Override
            public GeneratorResult run(StepRequest request) {
                throw new UnsupportedOperationException("a fixture does not run");
            }
        };
        return new SplitGenerator(
                List.of(first, second), List.of(part, part), List.of(new LoopbackTopology(), new LoopbackTopology()));
    }
}
