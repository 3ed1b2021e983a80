package io.proxybench.gatling.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GatlingRunTest {

    @TempDir
    Path tmp;

    @Test
    void badSettingsEndWithCodeTwoBeforeGatlingStarts() {
        // no proxybench.baseUrl in this JVM
        assertThat(GatlingRun.run(new String[] {"-s", "x.Y", "-rf", tmp.toString()}))
                .isEqualTo(GatlingRun.EXIT_BAD_SETTINGS);
        assertThat(GatlingRun.run(new String[] {"-s", "x.Y"})).isEqualTo(GatlingRun.EXIT_BAD_SETTINGS);
    }

    @Test
    void findsTheReportThisRunWrote() throws Exception {
        long start = System.currentTimeMillis();
        Path old = report("old", start - 60_000);
        Path mine = report("mine", start + 500);
        Files.createDirectories(tmp.resolve("no-report"));

        assertThat(GatlingRun.newestReport(tmp, start)).contains(mine);
        assertThat(GatlingRun.newestReport(tmp, start + 10_000)).isEmpty();
        assertThat(old).exists();
    }

    @Test
    void flagsAreReadByShortOrLongName() {
        assertThat(GatlingRun.flag(new String[] {"--results-folder", "/r", "-s", "S"}, "-rf", "--results-folder"))
                .isEqualTo("/r");
        assertThatThrownBy(() -> GatlingRun.flag(new String[] {"-s"}, "-s", "--simulation"))
                .hasMessage("-s is required");
    }

    private Path report(String name, long modifiedMs) throws Exception {
        Path dir = tmp.resolve(name);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("index.html"), "x");
        Files.setLastModifiedTime(dir, FileTime.fromMillis(modifiedMs));
        return dir;
    }
}
