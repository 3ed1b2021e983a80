package io.proxybench.loadtest.report;

import io.proxybench.loadtest.results.ResultsFormatException;
import io.proxybench.loadtest.results.RunFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code report <run-dir>}: re-renders report.md, report.html and the charts; prints the table. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Regenerate report.md, report.html and charts/ of a results directory and print the table.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:report written", "1:report files could not be written", "2:bad input (no such run, unreadable files)"})
public class ReportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "<run-dir>", description = "results/<run-id> directory")
    Path runDir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            out.print(ReportWriter.write(runDir));
            out.flush();
            err.println("report: wrote " + RunFiles.of(runDir).reportMd() + ", "
                    + RunFiles.of(runDir).reportHtml() + " and " + RunFiles.of(runDir).charts() + "/");
            err.flush();
            return 0;
        } catch (ResultsFormatException e) {
            err.println("report: " + e.getMessage());
            err.flush();
            return 2;
        } catch (IOException e) {
            err.println("report: cannot write the report into " + runDir + ": " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new ReportCommand()).execute(args));
    }
}
