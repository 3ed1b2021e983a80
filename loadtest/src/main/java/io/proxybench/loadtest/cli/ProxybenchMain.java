package io.proxybench.loadtest.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code proxybench}: the load-test kit's command line. Every subcommand is registered here. */
@Command(
        name = "proxybench",
        mixinStandardHelpOptions = true,
        versionProvider = ProxybenchMain.Version.class,
        synopsisSubcommandLabel = "COMMAND",
        description = "Ramped load tests of HTTP edge proxies: Netty and Tomcat front ends (nginx as reference)"
                + " in front of a stub origin.",
        subcommands = {
            RunCommand.class,
            ReportCommand.class,
            CompareCommand.class,
            AbCommand.class,
            GateCommand.class,
            HistoryCommand.class,
            CleanupCommand.class,
            CommandLine.HelpCommand.class
        })
public final class ProxybenchMain implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(ProxybenchMain.class);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    /**
     * The command line with one voice for errors: {@code proxybench <command>: <one line>}, bad input
     * exits 2, a failure 1 (codes: {@link ExitCodes}), never a stack trace.
     */
    public static CommandLine commandLine() {
        CommandLine cmd = new CommandLine(new ProxybenchMain());
        cmd.setParameterExceptionHandler((e, args) -> {
            String name = e.getCommandLine().getCommandSpec().qualifiedName();
            e.getCommandLine().getErr().println(name + ": " + message(e) + " (see " + name + " --help)");
            e.getCommandLine().getErr().flush();
            return ExitCodes.BAD_INPUT;
        });
        cmd.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            LOG.debug("failed", e);
            String name = commandLine.getCommandSpec().qualifiedName();
            commandLine.getErr().println(name + ": " + (ExitCodes.expected(e) ? e.getMessage() : e.toString()));
            commandLine.getErr().flush();
            return ExitCodes.of(e);
        });
        return cmd;
    }

    /**
     * A value picocli could not convert reads like the kit's own checks, option first:
     * {@code --mode: unknown value 'fast' (expected one of keepalive, churn)}.
     */
    static String message(CommandLine.ParameterException e) {
        if (e.getCause() instanceof CommandLine.TypeConversionException conversion
                && e.getArgSpec() instanceof CommandLine.Model.OptionSpec option) {
            return option.longestName() + ": " + conversion.getMessage();
        }
        return e.getMessage();
    }

    /** Without a command: the usage, as an error. */
    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command (run, report, compare, cleanup)");
    }

    /** The version of the jar, from the Maven metadata packed into it. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            Properties p = new Properties();
            try (InputStream in =
                    ProxybenchMain.class.getResourceAsStream("/META-INF/maven/io.proxybench/loadtest/pom.properties")) {
                if (in != null) {
                    p.load(in);
                }
            } catch (IOException e) {
                // unknown version
            }
            return new String[] {"proxybench " + p.getProperty("version", "(development build)")};
        }
    }
}
