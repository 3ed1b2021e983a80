package io.proxybench.tomcat.connector;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeLibraryDiagnosisTest {

    private static final String FILE = System.mapLibraryName("tcnative-1");

    @Test
    void notInstalledAnywhereNamesThePackageToInstall(@TempDir Path empty) {
        String line = NativeLibraryDiagnosis.explain(empty.toString(), List.of(empty.toString()));
        assertThat(line)
                .contains("apt-get install -y libtcnative-1")
                .contains("--set tomcat.connector=nio")
                .doesNotContain("\n");
    }

    @Test
    void installedOutsideTheLibraryPathNamesTheJvmFlag(@TempDir Path searched, @TempDir Path debianDir)
            throws Exception {
        Files.createFile(debianDir.resolve(FILE));
        String line = NativeLibraryDiagnosis.explain(searched.toString(), List.of(debianDir.toString()));
        assertThat(line)
                .contains("-Djava.library.path=" + debianDir)
                .contains("libtcnative-1")
                .contains("--set tomcat.connector=nio");
    }

    @Test
    void presentButUnloadablePointsAtTheLog(@TempDir Path searched) throws Exception {
        Path lib = Files.createFile(searched.resolve(FILE));
        String line = NativeLibraryDiagnosis.explain(searched.toString(), List.of());
        assertThat(line).contains(lib.toString()).contains("see the log").contains("--set tomcat.connector=nio");
    }
}
