package io.proxybench.loadtest.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM figures a run records, read from this test's own JVM: the perf-data file agrees with the
 * JVM's management beans and is read without a request to the admin port; a process that maps no
 * such file is read through the admin route.
 */
class JvmTotalsReaderTest {

    private static final String ADMIN_JSON = "{\"gauges\":{\"jvm.gc.PS-Scavenge.time\":{\"value\":70},"
            + "\"jvm.gc.PS-Scavenge.count\":{\"value\":7},\"jvm.compilation.time\":{\"value\":900}}}";

    private HttpServer admin;
    private final AtomicInteger adminReads = new AtomicInteger();
    private final JvmTotalsReader reader = new JvmTotalsReader(new JvmAdminSampler(Duration.ofSeconds(2)));

    @BeforeEach
    void start() throws IOException {
        admin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        admin.createContext(JvmAdminSampler.PATH, exchange -> {
            adminReads.incrementAndGet();
            byte[] body = ADMIN_JSON.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        admin.start();
    }

    @AfterEach
    void stop() {
        admin.stop(0);
    }

    @Test
    void aLocalJvmIsReadFromItsPerfDataFileAndAgreesWithItsManagementBeans() throws Exception {
        System.gc();
        long jitBefore = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
        long gcBefore = collections();

        JvmTotals totals = reader.read(ProcessHandle.current(), metrics());

        long jitAfter = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
        assertThat(adminReads).as("requests to the admin port").hasValue(0);
        assertThat(totals.jitTimeMs())
                .as("JIT ms, the counter the compilation bean reads")
                .isBetween((double) jitBefore, jitAfter + 1.0);
        // G1's remark and cleanup pauses are counted too, which JDK 17's beans leave out
        assertThat(totals.gcCount()).as("collections").isGreaterThanOrEqualTo(Math.max(1, gcBefore));
        assertThat(totals.gcTimeMs()).as("GC ms").isPositive();
        if (Runtime.version().feature() == 17) {
            assertThat(totals.heapUsedBytes())
                    .as("heap in use, refreshed by HotSpot's sampler")
                    .isNotNull()
                    .isPositive()
                    .isLessThanOrEqualTo((double) Runtime.getRuntime().maxMemory());
            assertThat(reader.readAtStepEnd(ProcessHandle.current(), metrics()).heapUsedBytes())
                    .isNotNull();
            assertThat(adminReads)
                    .as("requests to the admin port at a step's end")
                    .hasValue(0);
        }
    }

    @Test
    void aFileNamedForTheProcessButNotMappedByItIsNotTakenForItsFigures(@TempDir Path root) throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            String user = sleeper.info().user().orElse(System.getProperty("user.name"));
            Path own = PerfDataFile.pathOf(
                    PerfDataFile.ROOT, user, ProcessHandle.current().pid());
            Path stale = PerfDataFile.pathOf(root, user, sleeper.pid());
            Files.createDirectories(stale.getParent());
            Files.copy(own, stale);
            JvmTotalsReader inRoot = new JvmTotalsReader(new JvmAdminSampler(Duration.ofSeconds(2)), root);

            JvmTotals totals = inRoot.read(sleeper.toHandle(), metrics());

            assertThat(adminReads).as("requests to the admin port").hasValue(1);
            assertThat(totals.gcCount()).isEqualTo(7);
            assertThat(totals.jitTimeMs()).isEqualTo(900.0);
        } finally {
            sleeper.destroy();
            sleeper.waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aFileThatIsNotPerfDataIsRefusedWithItsReason(@TempDir Path dir) throws Exception {
        Path junk = Files.writeString(dir.resolve("123"), "not a perf-data file at all, but long enough to read");

        assertThatThrownBy(() -> PerfDataFile.open(junk))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("not a HotSpot perf-data file");
    }

    private URI metrics() {
        return URI.create("http://127.0.0.1:" + admin.getAddress().getPort() + JvmAdminSampler.PATH);
    }

    private static long collections() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionCount)
                .sum();
    }

    @Test
    void aJvmIsFoundInAProcessTreeByItsPerfDataFileAndANativeTreeHasNone() throws Exception {
        assertThat(JvmTotalsReader.jvmIn(ProcessHandle.current())).contains(ProcessHandle.current());

        Process shell = new ProcessBuilder("sh", "-c", "sleep 60 & wait").start();
        try {
            assertThat(JvmTotalsReader.jvmIn(shell.toHandle())).isEmpty();
            assertThatThrownBy(() -> reader.read(shell.toHandle(), null))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("maps no perf-data file and has no admin port");
        } finally {
            shell.toHandle().descendants().forEach(ProcessHandle::destroy);
            shell.destroy();
            shell.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
