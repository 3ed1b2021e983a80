package io.proxybench.loadtest.generator;

import io.proxybench.loadtest.gatling.GatlingGenerator;
import io.proxybench.loadtest.generator.wrk.WrkGenerator;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The generators {@code --generator} accepts; a new one is one constant here. */
public enum GeneratorKind {
    WRK(WrkGenerator::new),
    GATLING(GatlingGenerator::new);

    private final Function<GeneratorContext, LoadGenerator> factory;

    GeneratorKind(Function<GeneratorContext, LoadGenerator> factory) {
        this.factory = factory;
    }

    public LoadGenerator create(GeneratorContext context) {
        return factory.apply(context);
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
}
