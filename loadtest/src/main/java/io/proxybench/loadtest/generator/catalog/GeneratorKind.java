package io.proxybench.loadtest.generator.catalog;

import io.proxybench.loadtest.generator.GeneratorContext;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.builtin.BuiltinGenerator;
import io.proxybench.loadtest.generator.gatling.GatlingGenerator;
import io.proxybench.loadtest.generator.wrk.WrkGenerator;
import io.proxybench.loadtest.plan.LoadModel;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/** The generators {@code --generator} accepts; a new one is one constant here. */
public enum GeneratorKind {
    /** A fixed number of connections, each waiting for its answer: the closed model only. */
    WRK(false, (context, model) -> new WrkGenerator(context)),
    GATLING(true, GatlingGenerator::new),
    /** proxybench-loadgen: closed, churn and open model, connections kept from step to step. */
    BUILTIN(true, BuiltinGenerator::new);

    private final boolean openModel;
    private final BiFunction<GeneratorContext, LoadModel, LoadGenerator> factory;

    GeneratorKind(boolean openModel, BiFunction<GeneratorContext, LoadModel, LoadGenerator> factory) {
        this.openModel = openModel;
        this.factory = factory;
    }

    /** Whether it can send requests at a fixed rate whatever the answers ({@code --model open}). */
    public boolean supports(LoadModel model) {
        return model == LoadModel.CLOSED || openModel;
    }

    /** The generator for a run in {@code model}; {@link #supports} has been checked. */
    public LoadGenerator create(GeneratorContext context, LoadModel model) {
        return factory.apply(context, model);
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Null when {@code text} names no generator. */
    public static GeneratorKind find(String text) {
        for (GeneratorKind kind : values()) {
            if (kind.id().equalsIgnoreCase(text.trim())) {
                return kind;
            }
        }
        return null;
    }

    public static String allIds() {
        return Arrays.stream(values()).map(GeneratorKind::id).collect(Collectors.joining(", "));
    }

    /** The ids of the generators that run {@code model}, e.g. {@code gatling}. */
    public static String idsFor(LoadModel model) {
        return Arrays.stream(values())
                .filter(k -> k.supports(model))
                .map(GeneratorKind::id)
                .collect(Collectors.joining(", "));
    }
}
