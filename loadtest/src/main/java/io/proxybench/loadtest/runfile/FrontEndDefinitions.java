package io.proxybench.loadtest.runfile;

import io.proxybench.loadtest.plan.ConfigTemplate;
import io.proxybench.loadtest.plan.DefinedSettings;
import io.proxybench.loadtest.plan.DefinitionSource;
import io.proxybench.loadtest.plan.DurationParser;
import io.proxybench.loadtest.plan.ExternalFrontEnd;
import io.proxybench.loadtest.plan.PlanException;
import io.proxybench.loadtest.plan.ReadyCondition;
import io.proxybench.loadtest.plan.StopPolicy;
import io.proxybench.loadtest.process.Executables;
import io.proxybench.loadtest.template.PlaceholderTemplate;
import io.proxybench.loadtest.template.TemplateException;
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

    /** Reads the config template a definition names; null when the definition names none. */
    @FunctionalInterface
    interface ConfigReader {
        ConfigTemplate read(String name) throws PlanException;
    }

    static ExternalFrontEnd check(FrontEndDefinitionEntry entry, Path runFile, int line) throws PlanException {
        Path base = runFile.toAbsolutePath().getParent();
        return check(
                entry,
                runFile.toString(),
                line,
                name -> {
                    Path config = base.resolve(name).normalize();
                    if (!Files.isReadable(config)) {
                        throw new PlanException("config template " + config + " is not a readable file");
                    }
                    try {
                        return new ConfigTemplate(
                                config.getFileName().toString(), Files.readString(config), config.toString());
                    } catch (IOException e) {
                        throw new PlanException("config template " + config + ": " + e.getMessage());
                    }
                },
                base,
                false);
    }

    /**
     * @param file   where the entry was read, for messages
     * @param base   what a relative pidfile is resolved against
     * @param bundled one of the kit's own (nginx, HAProxy): it has a built-in name, and its program is
     *                looked for only when a run names it
     */
    static ExternalFrontEnd check(
            FrontEndDefinitionEntry entry, String file, int line, ConfigReader configs, Path base, boolean bundled)
            throws PlanException {
        String where = file + ":" + line;
        try {
            return checked(entry, file, line, configs, base, bundled);
        } catch (PlanException e) {
            String message = e.getMessage();
            String name = entry.name() == null ? "" : "front end '" + entry.name() + "': ";
            // a template's own error already names its file and line
            throw new PlanException(message.matches("^\\S+:\\d+: .*") ? message : where + ": " + name + message);
        }
    }

    private static ExternalFrontEnd checked(
            FrontEndDefinitionEntry entry, String file, int line, ConfigReader configs, Path base, boolean bundled)
            throws PlanException {
        if (!bundled) {
            ExternalFrontEnd.checkName(entry.name());
        }
        boolean started = entry.command() != null && !entry.command().isBlank();
        if (started == (entry.address() != null)) {
            throw new PlanException("give either command (the kit starts it) or address (it is already running)");
        }
        if (!started) {
            if (entry.pid() == null && entry.pidFile() == null) {
                throw new PlanException("a proxy given by address needs pid or pidfile, so that its CPU, memory and"
                        + " threads can be read");
            }
            if (entry.stop() != null || (entry.env() != null && !entry.env().isEmpty())) {
                throw new PlanException("stop and env are for a command; the kit neither starts nor stops a proxy"
                        + " given by address");
            }
            if (entry.settings() != null && !entry.settings().isEmpty()) {
                throw new PlanException("settings are placeholders of a command's templates; a running proxy has none");
            }
        }
        ConfigTemplate config = null;
        if (entry.config() != null) {
            if (!started) {
                throw new PlanException("config is rendered for a command to read; a running proxy has none");
            }
            config = configs.read(entry.config());
        }
        DefinedSettings settings =
                new DefinedSettings(entry.name(), entry.settings() == null ? Map.of() : entry.settings(), file, line);
        settings.checkDeclared();
        if (started) {
            PlaceholderTemplate command = new PlaceholderTemplate(entry.command(), file, line);
            PlaceholderTemplate template = config == null ? null : config.template();
            try {
                command.check(settings.names());
                if (template != null) {
                    template.check(settings.names());
                }
            } catch (TemplateException e) {
                throw new PlanException(e.getMessage());
            }
            if (!listens(command) && (template == null || !listens(template))) {
                throw new PlanException("neither its command nor its config uses {{port}} (or {{listen}}), so it"
                        + " cannot be told where to listen");
            }
            if (!bundled) {
                checkProgram(entry.command());
            }
        } else if (entry.pid() != null && entry.pidFile() != null) {
            throw new PlanException("give pid or pidfile, not both");
        } else if (ReadyCondition.parse(entry.ready()).kind() == ReadyCondition.Kind.LOG_LINE) {
            throw new PlanException("ready: a proxy given by address has no output to read; use port or a path");
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
                settings,
                ReadyCondition.parse(entry.ready()),
                entry.readyTimeout() == null
                        ? DEFAULT_READY_TIMEOUT
                        : DurationParser.parse(entry.readyTimeout(), "ready-timeout"),
                entry.env() == null ? Map.of() : new LinkedHashMap<>(entry.env()),
                stop,
                started ? null : checkedAddress(entry.address()),
                entry.pid(),
                entry.pidFile() == null ? null : base.resolve(entry.pidFile()).normalize(),
                new DefinitionSource(file, line));
    }

    /** The entry that writes {@code definition} back; {@code config} as the plan file will find it. */
    static FrontEndDefinitionEntry entry(ExternalFrontEnd definition, String config) {
        StopPolicy stop = definition.stop();
        return new FrontEndDefinitionEntry(
                definition.name(),
                definition.command(),
                config,
                definition.settings().defaults(),
                definition.ready().text(),
                DurationParser.format(definition.readyTimeout()),
                definition.env(),
                new FrontEndDefinitionEntry.Stop(stop.signal().name(), DurationParser.format(stop.grace())),
                definition.address(),
                definition.pid(),
                definition.pidFile() == null ? null : definition.pidFile().toString());
    }

    private static boolean listens(PlaceholderTemplate template) {
        return template.uses("port") || template.uses("listen");
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
