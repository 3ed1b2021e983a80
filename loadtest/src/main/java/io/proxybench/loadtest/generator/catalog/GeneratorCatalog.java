package io.proxybench.loadtest.generator.catalog;

import io.proxybench.loadtest.generator.GeneratorContext;
import io.proxybench.loadtest.generator.LoadGenerator;
import io.proxybench.loadtest.generator.builtin.BuiltinGenerator;
import io.proxybench.loadtest.generator.gatling.GatlingGenerator;
import io.proxybench.loadtest.generator.wrk.WrkGenerator;
import io.proxybench.loadtest.plan.GeneratorKind;
import io.proxybench.loadtest.plan.LoadModel;

/** Builds the generator a plan names; a new {@link GeneratorKind} fails to compile until it has a case here. */
public final class GeneratorCatalog {

    private GeneratorCatalog() {}

    /** The generator for a run in {@code model}; {@link GeneratorKind#supports} has been checked. */
    public static LoadGenerator create(GeneratorKind kind, GeneratorContext context, LoadModel model) {
        return switch (kind) {
            case WRK -> new WrkGenerator(context);
            case GATLING -> new GatlingGenerator(context, model);
            case BUILTIN -> new BuiltinGenerator(context, model);
        };
    }
}
