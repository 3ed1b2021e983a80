package io.proxybench.loadtest.cli;

import io.proxybench.loadtest.report.ReportWriter;
import io.proxybench.loadtest.results.ResultsFormatException;
import io.proxybench.loadtest.results.RunFiles;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code report <run-dir>}: re-renders report.md, report.html and the charts; prints the table. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = "Regenerate report.md, report.html and charts/ of a results directory and print the table.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:report written",
            "1:report files could not be written",
            "2:bad input (no such run, unreadable files)"
        })
public class ReportCommand extends KitCommand {

    @Parameters(index = "0", paramLabel = "<run-dir>", description = "results/<run-id> directory")
    Path runDir;

    @Override
    public Integer call() throws ResultsFormatException {
        String table;
        try {
            table = ReportWriter.write(runDir);
        } catch (ResultsFormatException e) {
            throw e;
        } catch (IOException e) {
            throw fail(ExitCodes.FAILURE, "cannot write the report into " + runDir + ": " + e.getMessage());
        }
        out().print(table);
        out().flush();
        RunFiles files = RunFiles.of(runDir);
        err().println(spec.qualifiedName() + ": wrote " + files.reportMd() + ", " + files.reportHtml() + " and "
                + files.charts() + "/");
        err().flush();
        return ExitCodes.OK;
    }
}
