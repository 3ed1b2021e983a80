package io.proxybench.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetector.Level;
import io.proxybench.netty.support.TestProxies;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Leak tracking off for a proxy told nothing, and never off behind the back of a JVM that asked for it. */
class LeakTrackingLevelTest {

    @Test
    void aProxyToldNothingRunsUntracked() {
        assertThat(LeakTrackingLevel.toSet("auto", null)).contains(Level.DISABLED);
    }

    @Test
    void theLevelTheJvmWasStartedWithIsKept() {
        assertThat(LeakTrackingLevel.toSet("auto", "paranoid")).isEmpty();
        assertThat(LeakTrackingLevel.toSet("netty", null))
                .as("Netty's own default")
                .isEmpty();
    }

    @Test
    void aLevelNamedInTheSettingsIsSet() {
        assertThat(LeakTrackingLevel.toSet("advanced", "paranoid")).contains(Level.ADVANCED);
        assertThat(LeakTrackingLevel.toSet("disabled", null)).contains(Level.DISABLED);
    }

    /** The tests' own paranoid tracking survives starting a proxy with its default settings. */
    @Test
    void aProxyStartedByTheTestsKeepsTheirParanoidTracking() throws Exception {
        assumeTrue(
                "paranoid".equals(System.getProperty(LeakTrackingLevel.PROPERTY)),
                "the JVM was not started with -D" + LeakTrackingLevel.PROPERTY + "=paranoid");
        try (NettyProxyServer proxy =
                TestProxies.start(Map.of("routes", TestProxies.routeTo(TestProxies.deadPort())))) {
            assertThat(ResourceLeakDetector.getLevel()).isEqualTo(Level.PARANOID);
        }
    }
}
