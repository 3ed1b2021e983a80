package io.proxybench.loadtest.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.loadtest.plan.FrontEndSpec;
import io.proxybench.loadtest.plan.RunPlan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** Every run file under scenarios/ reads into a plan: a newcomer's first try of one must not be a typo. */
class ScenariosTest {

    private static final Path SCENARIOS =
            Path.of("").toAbsolutePath().getParent().resolve("scenarios");

    static List<Path> scenarios() throws IOException {
        try (Stream<Path> files = Files.list(SCENARIOS)) {
            return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    @ParameterizedTest
    @MethodSource("scenarios")
    void readsIntoAPlan(Path scenario) throws Exception {
        RunCommand command = new RunCommand();
        CommandLine.ParseResult parse = new CommandLine(command).parseArgs(scenario.toString());
        command.options.unmatched = command.unmatched;
        List<String> programs = Files.readAllLines(scenario).stream()
                .filter(l -> l.trim().startsWith("command: /"))
                .map(l -> l.trim().substring("command: ".length()).split(" ")[0])
                .toList();
        if (programs.stream().anyMatch(p -> !Files.isExecutable(Path.of(p)))) {
            // a proxy this machine lacks is refused by name, before anything starts
            assertThatThrownBy(() -> RunFileArguments.of(parse, command.options))
                    .hasMessageContaining("is not found");
            return;
        }
        RunFileArguments arguments = RunFileArguments.of(parse, command.options);

        RunPlan plan = RunPlanReader.read(arguments.options(), "proxybench run", RunPlanReader.Installed.ALL)
                .plan();

        assertThat(plan.frontEnds()).extracting(FrontEndSpec::label).isNotEmpty();
        assertThat(plan.load().steps()).isNotEmpty();
    }
}
