package io.proxybench.loadtest.topology;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** A {@link CommandRunner} that runs nothing: it records each command and answers from a rule. */
final class RecordingRunner implements CommandRunner {

    final List<List<String>> commands = new ArrayList<>();
    private final Function<List<String>, Result> rule;

    RecordingRunner(Function<List<String>, Result> rule) {
        this.rule = rule;
    }

    static RecordingRunner allSucceed() {
        return new RecordingRunner(command -> new Result(0, ""));
    }

    /** Fails the first command whose words joined by spaces contain {@code fragment}. */
    static RecordingRunner failing(String fragment, String output) {
        return new RecordingRunner(command -> String.join(" ", command).contains(fragment)
                ? new Result(1, output) : new Result(0, ""));
    }

    @Override
    public synchronized Result run(List<String> command) {
        commands.add(List.copyOf(command));
        return rule.apply(command);
    }

    List<String> joined() {
        return commands.stream().map(c -> String.join(" ", c)).toList();
    }
}
