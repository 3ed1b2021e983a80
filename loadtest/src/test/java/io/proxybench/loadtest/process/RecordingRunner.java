package io.proxybench.loadtest.process;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** A {@link CommandRunner} that runs nothing: it records each command and answers from a rule. */
public final class RecordingRunner implements CommandRunner {

    private final List<List<String>> commands = new ArrayList<>();
    private final Function<List<String>, Result> rule;

    public RecordingRunner(Function<List<String>, Result> rule) {
        this.rule = rule;
    }

    public static RecordingRunner allSucceed() {
        return new RecordingRunner(command -> new Result(0, ""));
    }

    /** Fails the first command whose words joined by spaces contain {@code fragment}. */
    public static RecordingRunner failing(String fragment, String output) {
        return new RecordingRunner(
                command -> String.join(" ", command).contains(fragment) ? new Result(1, output) : new Result(0, ""));
    }

    @Override
    public synchronized Result run(List<String> command) {
        commands.add(List.copyOf(command));
        return rule.apply(command);
    }

    /** Every command run so far, in order. */
    public synchronized List<List<String>> commands() {
        return List.copyOf(commands);
    }

    public List<String> joined() {
        return commands.stream().map(c -> String.join(" ", c)).toList();
    }
}
