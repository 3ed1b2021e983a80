package io.proxybench.loadtest.sample;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the once-a-second readings of a JVM front end's GC, JIT and heap come from: HotSpot's
 * perf-data file when the process is on this box and maps one, read without waking the JVM, and its
 * admin {@code /metrics/jvm} otherwise. A request to the admin port woke an idle admin thread and cost
 * proxy-netty about 1 ms of CPU a read (7.6 µs of each request at ten connections), a cost nginx is
 * never charged. The file's figures are jstat's: GC time and count summed over HotSpot's collector
 * counters (with G1's remark and cleanup pauses, which JDK 17's beans leave out), JIT time from
 * {@code java.ci.totalTime} (what the compilation bean reports); the heap only where HotSpot's
 * sampler refreshes the spaces' use (JDK 17; later JDKs update it at collections only), else from
 * the admin route at a step's end.
 */
public final class JvmTotalsReader {

    private static final Logger LOG = LoggerFactory.getLogger(JvmTotalsReader.class);
    private static final Pattern GC_TIME = Pattern.compile("sun\\.gc\\.collector\\.\\d+\\.time");
    private static final Pattern GC_COUNT = Pattern.compile("sun\\.gc\\.collector\\.\\d+\\.invocations");
    private static final Pattern SPACE_USED = Pattern.compile("sun\\.gc\\.generation\\.\\d+\\.space\\.\\d+\\.used");
    /** Present only while HotSpot's periodic sampler runs, which is what keeps eden's use current. */
    private static final String SAMPLER_TICKS = "sun.os.hrt.ticks";

    private final JvmAdminSampler admin;
    private final Path perfDataRoot;
    // keyed by handle, not pid: a handle tells a reused pid's new process from the old one
    private final Map<ProcessHandle, Optional<PerfDataFile>> files = new ConcurrentHashMap<>();

    public JvmTotalsReader(JvmAdminSampler admin) {
        this(admin, PerfDataFile.ROOT);
    }

    JvmTotalsReader(JvmAdminSampler admin, Path perfDataRoot) {
        this.admin = admin;
        this.perfDataRoot = perfDataRoot;
    }

    /** The totals of {@code process}, whose admin route is {@code metrics} (null for a JVM without one). */
    public JvmTotals read(ProcessHandle process, URI metrics) throws IOException {
        Optional<PerfDataFile> file = perfData(process, metrics);
        if (file.isPresent()) {
            return totals(file.get());
        }
        if (metrics == null) {
            throw new IOException("pid " + process.pid() + " maps no perf-data file and has no admin port");
        }
        return admin.read(metrics);
    }

    /**
     * The first process of {@code root}'s tree (itself, then its descendants) that maps a HotSpot
     * perf-data file: the JVM a definition's command runs, under a shell or launcher script or not.
     */
    public static Optional<ProcessHandle> jvmIn(ProcessHandle root) {
        return Stream.concat(Stream.of(root), root.descendants())
                .filter(p -> mapsPerfData(p.pid()))
                .findFirst();
    }

    private static boolean mapsPerfData(long pid) {
        try (Stream<String> lines = Files.lines(Path.of("/proc", Long.toString(pid), "maps"))) {
            return lines.anyMatch(line -> line.contains("/" + PerfDataFile.DIR_PREFIX));
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    /**
     * As {@link #read}, at a step's end: where the file's heap is not kept current, the heap comes
     * from one admin read, or stays empty when that read fails. Only the end: the step's heap is its
     * samples' or else this reading, and an admin request is work and compiling in the proxy's JVM
     * that a step would count (while proxy-netty's admin port ran Netty's HTTP codec, on JDK 25 it
     * also deoptimised the proxy's compiled read and write paths at each step's start). After the
     * load that work falls in the next step's lead-in, which waits for the JIT to go quiet.
     */
    public JvmTotals readAtStepEnd(ProcessHandle process, URI metrics) throws IOException {
        Optional<PerfDataFile> file = perfData(process, metrics);
        if (file.isEmpty()) {
            return read(process, metrics);
        }
        JvmTotals totals = totals(file.get());
        if (totals.heapUsedBytes() != null || metrics == null) {
            return totals;
        }
        try {
            Double heap = admin.read(metrics).heapUsedBytes();
            return new JvmTotals(totals.gcTimeMs(), totals.gcCount(), heap, totals.jitTimeMs());
        } catch (IOException e) {
            LOG.debug("heap not read from {}: {}", metrics, e.getMessage());
            return totals;
        }
    }

    private Optional<PerfDataFile> perfData(ProcessHandle process, URI metrics) {
        return process == null ? Optional.empty() : files.computeIfAbsent(process, p -> open(p, metrics));
    }

    static JvmTotals totals(PerfDataFile file) throws IOException {
        double msPerTick = 1000.0 / file.longValue("sun.os.hrt.frequency");
        PerfDataFile.Sum gcTime = file.sum(matching(GC_TIME));
        PerfDataFile.Sum gcCount = file.sum(matching(GC_COUNT));
        if (gcTime.counters() == 0 || gcCount.counters() == 0) {
            throw new IOException(file.path() + ": no collector counters");
        }
        PerfDataFile.Sum used = file.sum(matching(SPACE_USED));
        boolean heapLive = used.counters() > 0 && file.has(SAMPLER_TICKS);
        return new JvmTotals(
                gcTime.total() * msPerTick,
                gcCount.total(),
                heapLive ? (double) used.total() : null,
                file.longValue("java.ci.totalTime") * msPerTick);
    }

    private static Predicate<String> matching(Pattern pattern) {
        return name -> pattern.matcher(name).matches();
    }

    private Optional<PerfDataFile> open(ProcessHandle process, URI metrics) {
        String user = process.info().user().orElse(System.getProperty("user.name"));
        Path path = PerfDataFile.pathOf(perfDataRoot, user, process.pid());
        try {
            if (!mapsFile(process.pid(), path)) {
                throw new IOException("process " + process.pid() + " does not map " + path);
            }
            PerfDataFile file = PerfDataFile.open(path);
            totals(file);
            LOG.info("JVM figures of pid {} read from {}", process.pid(), path);
            return Optional.of(file);
        } catch (IOException e) {
            if (metrics != null) {
                LOG.info(
                        "JVM figures of pid {} read from {} once a second (no perf-data file: {})",
                        process.pid(),
                        metrics,
                        e.getMessage());
            }
            return Optional.empty();
        }
    }

    /**
     * Whether the process has the file mapped: HotSpot names the file by its pid, so a file left by
     * a dead JVM whose pid was reused (or a wrapper such as ssh in the kit's pid's place) is not taken.
     */
    private static boolean mapsFile(long pid, Path path) throws IOException {
        Path maps = Path.of("/proc", Long.toString(pid), "maps");
        if (!Files.isReadable(maps)) {
            return false;
        }
        try (var lines = Files.lines(maps)) {
            return lines.anyMatch(line -> line.endsWith(path.toString()));
        }
    }
}
