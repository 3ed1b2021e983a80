package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.plan.GeneratorKind;
import java.util.Locale;
import java.util.Optional;

/** {@code --generator}: a generator by name, or auto, which {@link RunPlanReader} resolves on this machine. */
enum GeneratorChoice {
    /** wrk when it is installed and runs the load model, else the built-in generator. */
    AUTO(null),
    WRK(GeneratorKind.WRK),
    BUILTIN(GeneratorKind.BUILTIN),
    GATLING(GeneratorKind.GATLING);

    private final GeneratorKind named;

    GeneratorChoice(GeneratorKind named) {
        this.named = named;
    }

    /** The generator the user named; empty for auto. */
    Optional<GeneratorKind> named() {
        return Optional.ofNullable(named);
    }

    /** As the command line writes it: {@code --help} lists it so. */
    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
