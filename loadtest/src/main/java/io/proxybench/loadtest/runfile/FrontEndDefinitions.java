package io.proxybench.loadtest.runfile;

import io.proxybench.loadtest.plan.DurationParser;
import io.proxybench.loadtest.plan.ExternalFrontEnd;
import io.proxybench.loadtest.plan.PlaceholderTemplate;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.ReadyCondition;
import io.proxybench.loadtest.plan.StopPolicy;
import io.proxybench.loadtest.process.Executables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a run file's front-end definitions into {@link ExternalFrontEnd}s, before anything starts:
 * a name of its own, a command or an address, templates whose placeholders are all known and one of
 * which says where to listen, a command that exists. Every error names the file and line.
 */
final class FrontEndDefinitions {

    static final Duration DEFAULT_READY_TIMEOUT = Duration.ofSeconds(60);

    /** Words a shell runs before the program itself, skipped when looking the program up. */
    private static final Set<String> PREFIX_WORDS = Set.of("exec", "env", "nice", "taskset", "setsid", "sudo");

    private FrontEndDefinitions() {}

    static ExternalFrontEnd check(FrontEndDefinitionEntry entry, Path runFile, int line) throws PlanException {
        String where = runFile + ":" + line;
        try {
            return checked(entry, runFile, line);
        } catch (PlanException e) {
            String message = e.getMessage();
            String name = entry.name() == null ? "" : "front end '" + entry.name() + "': ";
            // a template's own error already names its file and line
            throw new PlanException(message.matches("^\\S+:\\d+: .*") ? message : where + ": " + name + message);
        }
    }

    private static ExternalFrontEnd checked(FrontEndDefinitionEntry entry, Path runFile, int line)
            throws PlanException {
        ExternalFrontEnd.checkName(entry.name());
        boolean started = entry.command() != null && !entry.command().isBlank();
        if (started == (entry.address() != null)) {
            throw new PlanException("give either command (the kit starts it) or address (it is already running)");
        }
        if (!started) {
            throw new PlanException("address: a proxy the kit does not start cannot be measured yet (its warm-up,"
                    + " CPU and stop are the kit's); give the command that starts it");
        }
        Path config = null;
        if (entry.config() != null) {
            if (!started) {
                throw new PlanException("config is rendered for a command to read; a running proxy has none");
            }
            config =
                    runFile.toAbsolutePath().getParent().resolve(entry.config()).normalize();
            if (!Files.isReadable(config)) {
                throw new PlanException("config template " + config + " is not a readable file");
            }
        }
        if (started) {
            PlaceholderTemplate command = new PlaceholderTemplate(entry.command(), runFile.toString(), line);
            command.check();
            PlaceholderTemplate template = config == null ? null : template(config);
            if (template != null) {
                template.check();
            }
            if (!command.uses("port") && (template == null || !template.uses("port"))) {
                throw new PlanException(
                        "neither its command nor its config uses {{port}}, so it cannot be told" + " where to listen");
            }
            checkProgram(entry.command());
        } else if (entry.pid() != null && entry.pidFile() != null) {
            throw new PlanException("give pid or pidfile, not both");
        }
        if (started && (entry.pid() != null || entry.pidFile() != null)) {
            throw new PlanException("pid and pidfile are for a proxy given by address; the kit knows its own");
        }
        StopPolicy stop = StopPolicy.DEFAULT;
        if (entry.stop() != null) {
            stop = new StopPolicy(
                    entry.stop().signal() == null
                            ? StopPolicy.DEFAULT.signal()
                            : StopPolicy.Signal.parse(entry.stop().signal()),
                    entry.stop().grace() == null
                            ? StopPolicy.DEFAULT.grace()
                            : DurationParser.parse(entry.stop().grace(), "stop.grace"));
        }
        return new ExternalFrontEnd(
                entry.name(),
                started ? entry.command() : null,
                config,
                ReadyCondition.parse(entry.ready()),
                entry.readyTimeout() == null
                        ? DEFAULT_READY_TIMEOUT
                        : DurationParser.parse(entry.readyTimeout(), "ready-timeout"),
                entry.env() == null ? Map.of() : new LinkedHashMap<>(entry.env()),
                stop,
                started ? null : checkedAddress(entry.address()),
                entry.pid(),
                entry.pidFile() == null
                        ? null
                        : runFile.toAbsolutePath()
                                .getParent()
                                .resolve(entry.pidFile())
                                .normalize(),
                runFile + ":" + line);
    }

    /** The entry that writes {@code definition} back; {@code config} as the plan file will find it. */
    static FrontEndDefinitionEntry entry(ExternalFrontEnd definition, String config) {
        StopPolicy stop = definition.stop();
        return new FrontEndDefinitionEntry(
                definition.name(),
                definition.command(),
                config,
                definition.ready().text(),
                DurationParser.format(definition.readyTimeout()),
                definition.env(),
                new FrontEndDefinitionEntry.Stop(stop.signal().name(), DurationParser.format(stop.grace())),
                definition.address(),
                definition.pid(),
                definition.pidFile() == null ? null : definition.pidFile().toString());
    }

    static PlaceholderTemplate template(Path config) throws PlanException {
        try {
            return new PlaceholderTemplate(Files.readString(config), config.toString(), 1);
        } catch (IOException e) {
            throw new PlanException("config template " + config + ": " + e.getMessage());
        }
    }

    private static String checkedAddress(String address) throws PlanException {
        int colon = address.lastIndexOf(':');
        if (colon <= 0 || colon == address.length() - 1) {
            throw new PlanException("address '" + address + "': expected HOST:PORT");
        }
        try {
            int port = Integer.parseInt(address.substring(colon + 1));
            if (port < 1 || port > 65_535) {
                throw new NumberFormatException();
            }
        } catch (NumberFormatException e) {
            throw new PlanException("address '" + address + "': the port is not a number in 1..65535");
        }
        return address;
    }

    /**
     * The program the command runs must exist here; a command that starts with a placeholder or a
     * shell construct is left to the shell, whose error is then quoted from its stderr.
     */
    private static void checkProgram(String command) throws PlanException {
        List<String> words = List.of(command.trim().split("\\s+"));
        for (String word : words) {
            if (PREFIX_WORDS.contains(word) || word.matches("[A-Za-z_][A-Za-z0-9_]*=.*") || word.startsWith("-")) {
                continue;
            }
            if (word.contains("{{") || word.matches(".*[;&|()<>$`\"'].*")) {
                return;
            }
            boolean found = word.contains("/")
                    ? Files.isExecutable(Path.of(word))
                    : Executables.find(word).isPresent();
            if (!found) {
                throw new PlanException("command '" + word + "' is not found" + (word.contains("/") ? "" : " on PATH"));
            }
            return;
        }
    }
}
