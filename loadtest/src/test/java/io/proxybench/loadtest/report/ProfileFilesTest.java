package io.proxybench.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.proxybench.loadtest.results.ResultsReader;
import io.proxybench.loadtest.results.RunResults;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileFilesTest {

    @TempDir
    Path tmp;

    @Test
    void eachStepsProfilesAreLinkedOnOneLine() throws Exception {
        Path dir = SampleRun.copyTo(tmp.resolve("run")).dir();
        Path raw = Files.createDirectories(dir.resolve("raw/netty"));
        for (String file : new String[] {
            "1300-cpu.html", "1300-alloc.html", "1300.jfr", "700.jfr", "700-pinned.txt", "wrk-700.json"
        }) {
            Files.writeString(raw.resolve(file), "x");
        }
        StringBuilder h = new StringBuilder();
        ProfileFiles.appendHtml(ResultsReader.read(dir), h);
        assertThat(h.toString())
                .contains("<h2>Profiles</h2>")
                .contains("<li>netty, 700 connections: <a href=\"raw/netty/700.jfr\">JFR recording</a>, "
                        + "<a href=\"raw/netty/700-pinned.txt\">longest-pinning stack</a></li>")
                .contains("<li>netty, 1300 connections: <a href=\"raw/netty/1300-cpu.html\">CPU flame graph</a>, "
                        + "<a href=\"raw/netty/1300-alloc.html\">allocation flame graph</a>, "
                        + "<a href=\"raw/netty/1300.jfr\">JFR recording</a></li>")
                .doesNotContain("wrk-700");
        // steps in their order, not the file names'
        assertThat(h.indexOf("700 connections")).isLessThan(h.indexOf("1300 connections"));
    }

    @Test
    void aRunWithoutProfilesHasNoSection() throws Exception {
        RunResults results =
                ResultsReader.read(SampleRun.copyTo(tmp.resolve("plain")).dir());
        StringBuilder h = new StringBuilder();
        ProfileFiles.appendHtml(results, h);
        assertThat(h).isEmpty();
    }
}
