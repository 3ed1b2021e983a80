package io.proxybench.loadtest.plan;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The load generators a run can use ({@code --generator}); generator.catalog builds the one a run
 * names, so that a plan says which tool without depending on any of them.
 */
public enum GeneratorKind {
    /** A fixed number of connections, each waiting for its answer: the closed model only. */
    WRK(false),
    GATLING(true),
    /** proxybench-loadgen: closed, churn and open model, connections kept from step to step. */
    BUILTIN(true);

    private final boolean openModel;

    GeneratorKind(boolean openModel) {
        this.openModel = openModel;
    }

    /** Whether it can send requests at a fixed rate whatever the answers ({@code --model open}). */
    public boolean supports(LoadModel model) {
        return model == LoadModel.CLOSED || openModel;
    }

    /** As the command line writes it, and run.json records it. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** As the command line writes it: {@code --help} lists it so. */
    @Override
    public String toString() {
        return id();
    }

    /** The ids of the generators that run {@code model}, e.g. {@code gatling}. */
    public static String idsFor(LoadModel model) {
        return Arrays.stream(values())
                .filter(k -> k.supports(model))
                .map(GeneratorKind::id)
                .collect(Collectors.joining(", "));
    }
}
