package io.proxybench.loadtest.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The verdict of an A/B run in its report.html: {@code ab.md} as written by {@code ab}, read as text, so
 * that the report does not depend on how the verdict was reached. Absent in other runs.
 */
final class AbSection {

    /** The file {@code ab} writes beside the run's own. */
    static final String AB_MD = "ab.md";

    private AbSection() {}

    static void appendHtml(Path runDir, StringBuilder h) {
        Path file = runDir == null ? null : runDir.resolve(AB_MD);
        if (file == null || !Files.isRegularFile(file)) {
            return;
        }
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            h.append("<h2>A/B verdict</h2>\n<pre>").append(Html.escape(text)).append("</pre>\n");
        } catch (IOException e) {
            h.append("<h2>A/B verdict</h2>\n<p class=\"note\">")
                    .append(Html.escape(file + " could not be read: " + e.getMessage()))
                    .append("</p>\n");
        }
    }
}
