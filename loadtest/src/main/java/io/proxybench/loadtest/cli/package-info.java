/**
 * The command line: every command (run, report, compare) and the entry point ProxybenchMain. A
 * command parses its options, calls the package that does the work and returns an exit code or
 * throws; ProxybenchMain prints any failure as one line in one voice ({@code proxybench <command>:
 * <reason>}) and ExitCodes maps it to the exit code. Nothing below this package prints errors for
 * the user or decides exit codes.
 */
package io.proxybench.loadtest.cli;
