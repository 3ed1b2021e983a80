package io.proxybench.loadtest.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads a real async-profiler lock recording of proxy-tomcat ({@code locks/tomcat-nio-locks.jfr}; how it
 * was made and what the JDK's own {@code jfr print} reads in it: {@code locks/README.md}).
 */
class ContendedLocksTest {

    private static Path recording() throws Exception {
        return Path.of(ContendedLocksTest.class
                .getResource("/locks/tomcat-nio-locks.jfr")
                .toURI());
    }

    @Test
    void theLockWaitedForLongestInAllIsNamedWithItsWaitsAddedUp() throws Exception {
        ContendedLocks top = ContendedLocks.longestWaited(recording()).orElseThrow();
        // not the one with the most samples (java.lang.Object, 576): the one waited for longest
        assertThat(top.lockClass()).isEqualTo("java.lang.Class");
        assertThat(top.samples()).isEqualTo(82);
        assertThat(top.waitMs()).isCloseTo(5144.17185, within(1e-3));
    }

    @Test
    void theLockFlameGraphIsWrittenFromTheSameSession(@TempDir Path dir) throws Exception {
        Path html = dir.resolve("100-lock.html");
        AsyncProfilerControl.lockFlameGraph(recording(), html, "tomcat step 100");
        assertThat(Files.readString(html))
                .contains("tomcat step 100: lock waits")
                .contains("ConnectionHandler");
    }

    @Test
    void aSessionWithoutLockEventsHasNoContendedLock() throws Exception {
        Path cpuOnly = Path.of(
                ContendedLocksTest.class.getResource("/pinning/pinned-25.jfr").toURI());
        assertThat(ContendedLocks.longestWaited(cpuOnly)).isEmpty();
    }
}
