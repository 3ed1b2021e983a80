package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.plan.KindSetting;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.RunPlan;
import io.proxybench.loadtest.runfile.PlanFileWriter;
import io.proxybench.loadtest.runfile.RunFile;
import io.proxybench.loadtest.runfile.RunFileReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code run}'s options with a run file folded in: the file's values as if typed first, then the
 * flags given beside it, which win for an option that takes one value and add to one that repeats
 * ({@code --set}, {@code --jvm-arg}, {@code --sweep}). Without a file, the flags alone.
 *
 * @param options the effective options
 * @param parse   their parse, for plan.yaml
 * @param file    the run file; null without one
 * @param typed   the flags typed beside it
 */
record RunFileArguments(RunOptions options, ParseResult parse, RunFile file, ParseResult typed) {

    private static final Pattern LEADING_OPTION = Pattern.compile("^--([a-z][a-z-]*)");

    static RunFileArguments of(ParseResult typed, RunOptions typedOptions) {
        int at = fileIndex(typedOptions.unmatched);
        if (at < 0) {
            return new RunFileArguments(typedOptions, typed, null, typed);
        }
        String token = typedOptions.unmatched.get(at);
        Path path = Path.of(token);
        RunFile file;
        try {
            file = new RunFileReader(typed.commandSpec()).read(path);
        } catch (PlanException e) {
            throw new CommandLine.ParameterException(typed.commandSpec().commandLine(), e.getMessage());
        }
        List<String> args = new ArrayList<>();
        for (RunFile.OptionValue value : file.options()) {
            OptionSpec option = typed.commandSpec().findOption("--" + value.key());
            if (option.isMultiValue() || !typed.hasMatchedOption(option)) {
                args.addAll(value.tokens());
            }
        }
        List<String> typedArgs = new ArrayList<>(typed.originalArgs());
        int run = typedArgs.indexOf(typed.commandSpec().name());
        typedArgs = new ArrayList<>(typedArgs.subList(run + 1, typedArgs.size()));
        typedArgs.remove(token);
        args.addAll(typedArgs);

        RunCommand merged = new RunCommand();
        CommandLine line = new CommandLine(merged);
        ParseResult parse;
        try {
            parse = line.parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            RunFileArguments partial = new RunFileArguments(typedOptions, typed, file, typed);
            String message = e.getArgSpec() instanceof OptionSpec option
                    ? partial.located(option, ProxybenchMain.message(e))
                    : e.getMessage();
            throw new CommandLine.ParameterException(typed.commandSpec().commandLine(), message);
        }
        RunOptions options = merged.options;
        options.unmatched = merged.unmatched;
        options.definitions = file.definitions();
        return new RunFileArguments(options, parse, file, typed);
    }

    /**
     * The run file is the one argument that is neither an option nor an option's value and names a
     * YAML file; -1 when there is none.
     */
    private static int fileIndex(List<String> unmatched) {
        for (int i = 0; i < unmatched.size(); i++) {
            String token = unmatched.get(i);
            boolean valueOfPrevious = i > 0
                    && unmatched.get(i - 1).startsWith("--")
                    && !unmatched.get(i - 1).contains("=");
            if (!token.startsWith("-") && !valueOfPrevious && token.matches("(?i).*\\.ya?ml$")) {
                return i;
            }
        }
        return -1;
    }

    /** {@code message} prefixed with {@code FILE:LINE} when it is about a value the run file gave. */
    String located(String message) {
        if (file == null) {
            return message;
        }
        Matcher m = LEADING_OPTION.matcher(message);
        String key = m.find() ? m.group(1) : message.contains("front end") ? RunFileReader.FRONT_ENDS_KEY : null;
        OptionSpec option = key == null ? null : typed.commandSpec().findOption("--" + key);
        return option == null ? message : located(option, message);
    }

    private String located(OptionSpec option, String message) {
        String key = option.longestName().substring(2);
        return file.where(key)
                .filter(w -> !typed.hasMatchedOption(option))
                .map(w -> w + ": " + key + ": " + message.replaceFirst("^--" + Pattern.quote(key) + ":\\s*", ""))
                .orElse(message);
    }

    /** What plan.yaml needs to write the run that {@code plan} describes. */
    PlanFileWriter.Options planOptions(RunPlan plan) {
        List<String> settings = new ArrayList<>(options.settings);
        try {
            for (KindSetting s : FrontEndColumns.passThrough(options.unmatched)) {
                settings.add(s.kind().id() + "." + s.key() + "=" + s.value());
            }
        } catch (PlanException e) {
            throw new IllegalStateException("checked before the run: " + e.getMessage(), e);
        }
        return new PlanFileWriter.Options(parse, options.frontEnds, plan.frontEnds(), settings, options.definitions);
    }
}
