package io.proxybench.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whether a --java-home has virtual threads, from the JDK's own {@code release} file. */
class JavaReleaseTest {

    @Test
    void theReleaseFileNamesTheJavaFeatureRelease(@TempDir Path jdk) throws Exception {
        Files.writeString(
                jdk.resolve("release"),
                "IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_RUNTIME_VERSION=\"25.0.3+9-LTS\"\nJAVA_VERSION=\"25.0.3\"\n");
        assertThat(JavaRelease.feature(jdk)).isEqualTo(25);
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"17.0.15\"\n");
        assertThat(JavaRelease.feature(jdk)).isEqualTo(17);
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"1.8.0_392\"\n");
        assertThat(JavaRelease.feature(jdk)).isEqualTo(8);
    }

    @Test
    void aJavaHomeWithoutAReleaseFileIsNotTakenForOneWithVirtualThreads(@TempDir Path jdk) {
        assertThat(JavaRelease.feature(jdk)).isZero();
    }

    @Test
    void withoutAJavaHomeTheFrontEndsRunOnTheKitsOwnJava() {
        assertThat(JavaRelease.feature(null)).isEqualTo(Runtime.version().feature());
    }
}
